import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// Every instruction set's kernels against the plainly written passes, on this machine: each set
/// the CPU runs is forced in turn, so the SSE2 path is covered on an AVX2 machine as well.
@Suite struct InstructionSetTests {
    /// The sets with kernels of their own, as far as this CPU runs them.
    static let simdSets = InstructionSet.supported.filter { $0 != .scalar }

    @Test func detectionAgreesWithTheKernelsCPUFlags() throws {
        #if arch(x86_64)
        let cpuinfo = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flags = cpuinfo.split(separator: "\n").first { $0.hasPrefix("flags") }?.split(separator: " ") ?? []
        #expect(InstructionSet.supported.contains(.sse2))
        #expect(InstructionSet.supported.contains(.avx2) == flags.contains("avx2"))
        #else
        #expect(InstructionSet.supported == [.scalar])
        #endif
        let named = ProcessInfo.processInfo.environment["ASPECTFIT_SIMD"].flatMap(InstructionSet.init(name:))
        let expected = named.map { InstructionSet.supported.contains($0) ? $0 : InstructionSet.supported.last! }
        #expect(InstructionSet.preferred == expected ?? InstructionSet.supported.last!)
        #expect(Resampler(plan: ResamplePlan(sourceWidth: 4, sourceHeight: 4, crop: Box(x: 0, y: 0, width: 4, height: 4),
                                             outputWidth: 2, outputHeight: 2, layout: .rgb8)).instructionSet == InstructionSet.preferred)
    }

    /// A seeded generator of test samples.
    struct Samples {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 16
        }
        mutating func int16() -> Int16 { Int16(truncatingIfNeeded: next()) }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
    }

    /// Row lengths that leave every kind of tail after the 64-, 32- and 8-sample steps.
    static let lengths = Array(0 ... 72) + [95, 96, 97, 127, 128, 129, 151, 199, 200, 257, 1001]

    @Test(arguments: simdSets)
    func verticalKernelsEqualTheScalarPass(_ set: InstructionSet) {
        var random = Samples(state: 11)
        for taps in [2, 4, 6, 12, 36] {
            let axis = AxisWeights(filter: .lanczos3, sourceSize: 400, offset: 0, length: 400, count: 400 * 6 / taps)
            let table = CoefficientTable(axis, mirrored: false, tapMultiple: 2, channels: 1)
            for length in Self.lengths {
                let wide = (0 ..< table.taps).map { _ in (0 ..< length).map { _ in random.int16() } }
                let bytes = (0 ..< table.taps).map { _ in (0 ..< length).map { _ in random.byte() } }
                let j = Int(random.next() % UInt64(table.count))
                var expected = [Int32](repeating: 0, count: length + 1), got = expected
                var narrowedExpected = [Int16](repeating: 0, count: length + 1), narrowed = narrowedExpected
                withRowPointers(wide) { rows in
                    VerticalPass.run(rows: rows, table: table, row: j, length: length, into: &expected, using: .scalar)
                    VerticalPass.run(rows: rows, table: table, row: j, length: length, into: &got, using: set)
                }
                withRowPointers(bytes) { rows in
                    var sums = [Int32](repeating: 0, count: length + 1)
                    VerticalPass.runNarrowing(rows: rows, table: table, row: j, length: length, sums: &sums,
                                              into: &narrowedExpected, using: .scalar)
                    VerticalPass.runNarrowing(rows: rows, table: table, row: j, length: length, sums: &sums,
                                              into: &narrowed, using: set)
                }
                #expect(got == expected, "\(set) Int16 rows, \(table.taps) taps, \(length) samples")
                #expect(narrowed == narrowedExpected, "\(set) byte rows, \(table.taps) taps, \(length) samples")
            }
        }
    }

    @Test(arguments: simdSets)
    func narrowingKernelsEqualTheScalarNarrowing(_ set: InstructionSet) {
        var random = Samples(state: 16)
        for shift: Int32 in [8, 14] {
            for count in Self.lengths {
                // Full-range sums: most saturate one way or the other, the rest round.
                let sums = (0 ..< count).map { _ in
                    random.next() % 2 == 0 ? Int32(truncatingIfNeeded: random.next()) : Int32(truncatingIfNeeded: random.next() % (1 << 24)) - (1 << 23)
                }
                var expected = [Int16](repeating: 7, count: count + 1), got = expected
                Narrowing.run(sums, count: count, shift: shift, into: &expected, using: .scalar)
                Narrowing.run(sums, count: count, shift: shift, into: &got, using: set)
                #expect(got == expected, "\(set) shift \(shift), \(count) sums")
            }
        }
    }

    @Test(arguments: simdSets)
    func horizontalKernelsEqualTheScalarPass(_ set: InstructionSet) {
        var random = Samples(state: 12)
        for channels in 1 ... 4 {
            for (size, count) in [(9, 3), (50, 7), (301, 100), (640, 33), (97, 211)] {
                for filter in [Filter.lanczos3, .bilinear, .mitchell] {
                    let axis = AxisWeights(filter: filter, sourceSize: size, offset: 0.3, length: Double(size) - 0.9, count: count)
                    let table = CoefficientTable(axis, mirrored: count % 2 == 0, tapMultiple: 4, channels: channels)
                    let source = (0 ..< (table.sourceRange.count + 16) * channels).map { _ in random.int16() }
                    var expected = [Int32](repeating: 0, count: count * channels), got = expected
                    HorizontalPass.run(source, table: table, channels: channels, into: &expected, using: .scalar)
                    HorizontalPass.run(source, table: table, channels: channels, into: &got, using: set)
                    #expect(got == expected, "\(set) \(channels) channels, \(size) -> \(count) \(filter), \(table.taps) taps")
                }
            }
        }
    }

    @Test(arguments: simdSets)
    func premultiplyKernelEqualsTheScalarConversion(_ set: InstructionSet) {
        var random = Samples(state: 13)
        let conversion = SourceConversion(channels: 4, hasAlpha: true, linearLight: false)
        for count in 0 ... 37 {
            // Every alpha and colour code turns up, the extremes often.
            let pixels = (0 ..< count * 4).map { _ in random.next() % 4 == 0 ? [0, 255][Int(random.next() % 2)] : random.byte() }
            var expected = [Int16](repeating: 0, count: count * 4), got = expected
            conversion.convert(pixels, count: count, into: &expected, using: .scalar)
            conversion.convert(pixels, count: count, into: &got, using: set)
            #expect(got == expected, "\(set) \(count) pixels")
        }
    }

    @Test(arguments: simdSets)
    func alphaOutputKernelsEqualTheScalarConversion(_ set: InstructionSet) {
        var random = Samples(state: 14)
        let count = 61
        for channels in [2, 4] {
            for linear in [false, true] {
                let conversion = OutputConversion(channels: channels, hasAlpha: true, linearLight: linear)
                // Sums from below zero to beyond full scale: transparent, clamped and ordinary pixels.
                let sums = (0 ..< count * channels).map { _ in Int32(truncatingIfNeeded: random.next() % (1 << 29)) - (1 << 26) }
                for stride in [channels, -channels, 3 * channels] {
                    let size = count * abs(stride) + channels
                    let origin = stride < 0 ? size - channels : 0
                    var expected = [UInt8](repeating: 7, count: size), got = expected
                    expected.withUnsafeMutableBufferPointer {
                        conversion.convert(sums, count: count, into: $0.baseAddress! + origin, pixelStride: stride, using: .scalar)
                    }
                    got.withUnsafeMutableBufferPointer {
                        conversion.convert(sums, count: count, into: $0.baseAddress! + origin, pixelStride: stride, using: set)
                    }
                    #expect(got == expected, "\(set) \(channels) channels linear=\(linear) stride \(stride)")
                }
            }
        }
    }

    @Test(arguments: simdSets)
    func codeOutputKernelsEqualTheScalarConversion(_ set: InstructionSet) {
        var random = Samples(state: 15)
        let conversion = OutputConversion(channels: 3, hasAlpha: false, linearLight: false)
        for count in 0 ... 40 {
            let sums = (0 ..< count * 3).map { _ in Int32(truncatingIfNeeded: random.next() % (1 << 29)) - (1 << 26) }
            var expected = [UInt8](repeating: 7, count: count * 3 + 1), got = expected
            expected.withUnsafeMutableBufferPointer {
                conversion.convert(sums, count: count, into: $0.baseAddress!, pixelStride: 3, using: .scalar)
            }
            got.withUnsafeMutableBufferPointer { conversion.convert(sums, count: count, into: $0.baseAddress!, pixelStride: 3, using: set) }
            #expect(Bytes(got) == Bytes(expected), "\(set) \(count) pixels")
        }
    }

    /// Whole images through every supported set: every layout, both pass orders, every filter,
    /// crops, orientations and linear light, on sizes whose rows leave every kind of kernel tail.
    @Test(arguments: PixelLayout.allCases)
    func everyInstructionSetGivesTheScalarBytes(_ layout: PixelLayout) {
        let large = ResamplingFixtures.photo(width: 233, height: 151, layout: layout, seed: 8)
        let small = ResamplingFixtures.photo(width: 97, height: 71, layout: layout, seed: 5)
        let cases: [(PixelBuffer, Box, Int, Int, Orientation)] = [
            (large, Box(x: 0, y: 0, width: 233, height: 151), 61, 40, .up),
            (large, Box(x: 3.3, y: 1.7, width: 200.5, height: 140.2), 150, 101, .leftMirrored),
            (large, Box(x: 20, y: 10, width: 90, height: 60), 230, 148, .up),
            (large, Box(x: 0, y: 0, width: 233, height: 151), 9, 130, .right),
            (small, Box(x: 0, y: 0, width: 97, height: 71), 48, 35, .up),
            (small, Box(x: 2.6, y: 1.1, width: 90.3, height: 66.2), 19, 14, .right),
            (small, Box(x: 0.4, y: 3.2, width: 31.5, height: 40.7), 73, 94, .downMirrored),
            (small, Box(x: 0, y: 0, width: 97, height: 71), 3, 2, .left),
            (small, Box(x: 10, y: 10, width: 5, height: 3), 7, 5, .up),
        ]
        for filter in Filter.allCases {
            for (image, crop, w, h, o) in cases {
                for linear in [false, true] {
                    let scalar = ResamplingFixtures.resample(image, filter, crop: crop, width: w, height: h, orientation: o,
                                                             linearLight: linear, using: .scalar)
                    for set in Self.simdSets {
                        let out = ResamplingFixtures.resample(image, filter, crop: crop, width: w, height: h, orientation: o,
                                                              linearLight: linear, using: set)
                        let same = out == scalar
                        #expect(same, "\(set) \(layout) \(filter) \(crop) \(w)x\(h) \(o) linear=\(linear)")
                    }
                }
            }
        }
    }

    /// Calls `body` with an array of pointers to the rows.
    private func withRowPointers<Sample>(_ rows: [[Sample]], _ body: (UnsafePointer<UnsafePointer<Sample>>) -> Void) {
        let buffers = rows.map { row -> UnsafeMutablePointer<Sample> in
            let p = UnsafeMutablePointer<Sample>.allocate(capacity: max(row.count, 1))
            p.initialize(from: row, count: row.count)
            return p
        }
        defer { buffers.forEach { $0.deallocate() } }
        let pointers = buffers.map { UnsafePointer($0) }
        pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
