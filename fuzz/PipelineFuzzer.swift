// libFuzzer target for the whole Swift pipeline: probe, plan, streamed decode into the resampler,
// corners, encode, with the options taken from the first input byte. Built by fuzz/run-pipeline.sh
// (AspectFit compiled with -sanitize=fuzzer,address). Any trap, overflow or sanitizer report is a
// finding; a thrown FitError is the expected answer to a bad input.
import AspectFit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
    guard let bytes, count >= 2 else { return 0 }
    let flags = bytes[0]
    let data = Array(UnsafeBufferPointer(start: bytes + 1, count: count - 1))
    var options = FitOptions()
    options.decode.maxPixels = 1 << 22
    options.decode.failOnTruncation = flags & 0x01 == 0
    options.ratio = [nil, .square, .sixteenToNine, .nineToSixteen][Int(flags >> 1) & 3]
    options.size = [.width(64), .longEdge(33), .size(width: 40, height: 23), .none][Int(flags >> 3) & 3]
    options.gravity = flags & 0x20 == 0 ? .centre : .focus(x: 0.8, y: 0.1)
    options.filter = Filter.all[Int(flags) % Filter.all.count]
    options.linearLight = flags & 0x40 != 0
    options.cornerRadius = flags & 0x80 != 0 ? .percent(30) : nil
    options.cornerStyle = flags & 0x10 != 0 ? .continuous : .circular
    options.keepEXIF = flags & 0x04 != 0
    options.format = [.auto, .jpeg, .png][Int(flags) % 3]
    let pipeline = Pipeline(options: options)
    guard let result = try? pipeline.run(data) else { return 0 }
    // What was written must read back at the planned size.
    guard let info = try? ImageFile.probe(result.bytes),
          info.width == result.plan.outputWidth, info.height == result.plan.outputHeight,
          info.orientation == .up else { fatalError("output does not match its plan") }
    return 0
}
