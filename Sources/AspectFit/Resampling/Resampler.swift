/// Crops, scales and turns upright one image in a single streaming pass: source rows go in (in
/// order), upright output pixels come out, with no cropped or rotated copy in between.
///
/// Each source row is converted to Int16 samples, filtered along stored x into a ring of the few
/// rows the vertical filter needs, and every output row is finished as soon as its rows are in.
/// For orientations 5-8 (axes swapped) the vertical filter runs first, so that upright x is always
/// filtered first and a stored image gives the same bytes as its upright copy.
/// One instance per worker: it owns scratch buffers reused from image to image.
public final class Resampler {
    public let plan: ResamplePlan
    /// The SIMD loops (true) or the plainly written ones; both give identical bytes.
    var fast = true

    private let channels: Int
    private let conversion: SourceConversion
    private let output: OutputConversion
    /// Ring of filtered (or, y first, converted) rows, `ringRows` rows of `ringRowLength` samples.
    private let ring: UnsafeMutablePointer<Int16>
    private let ringRows: Int
    private let ringRowLength: Int
    /// One converted source row (x first) or one vertically filtered row (y first), padded.
    private let row: UnsafeMutablePointer<Int16>
    private let firstSums: UnsafeMutablePointer<Int32>
    private let secondSums: UnsafeMutablePointer<Int32>
    private let rowPointers: UnsafeMutablePointer<UnsafePointer<Int16>>
    /// The upright output being filled, and where stored pixel (i, j) lands in it.
    private var result: PixelBuffer
    private let origin: Int
    private let pixelStride: Int
    private let rowStride: Int
    /// Source rows consumed and output rows finished so far, relative to their ranges.
    private var consumed = 0
    private var finished = 0

    /// Samples of padding after every row the horizontal loops read.
    private static let padding = 16

    public convenience init(filter: Filter = .lanczos3, sourceWidth: Int, sourceHeight: Int, crop: Box,
                            outputWidth: Int, outputHeight: Int, orientation: Orientation = .up,
                            layout: PixelLayout, linearLight: Bool = false) {
        self.init(plan: ResamplePlan(filter: filter, sourceWidth: sourceWidth, sourceHeight: sourceHeight, crop: crop,
                                     outputWidth: outputWidth, outputHeight: outputHeight, orientation: orientation,
                                     layout: layout, linearLight: linearLight))
    }

    public init(plan: ResamplePlan) {
        self.plan = plan
        let ch = plan.layout.channels
        channels = ch
        conversion = SourceConversion(channels: ch, hasAlpha: plan.layout.hasAlpha, linearLight: plan.linearLight)
        output = OutputConversion(channels: ch, hasAlpha: plan.layout.hasAlpha, linearLight: plan.linearLight)
        let columnSamples = plan.sourceColumns.count * ch
        let outputSamples = plan.storedWidth * ch
        ringRowLength = (plan.horizontalFirst ? outputSamples : columnSamples) + Resampler.padding
        ringRows = Resampler.ringRows(plan.rows)
        ring = .allocate(capacity: ringRows * ringRowLength)
        ring.initialize(repeating: 0, count: ringRows * ringRowLength)
        row = .allocate(capacity: columnSamples + Resampler.padding)
        row.initialize(repeating: 0, count: columnSamples + Resampler.padding)
        firstSums = .allocate(capacity: max(columnSamples, outputSamples) + 4)
        secondSums = .allocate(capacity: outputSamples + 4)
        rowPointers = .allocate(capacity: plan.rows.taps)
        result = PixelBuffer(width: plan.outputWidth, height: plan.outputHeight, layout: plan.layout)
        let o = plan.orientation
        let (w, h) = (plan.storedWidth, plan.storedHeight)
        let p00 = o.uprightPixel(i: 0, j: 0, storedWidth: w, storedHeight: h)
        let p10 = o.uprightPixel(i: 1, j: 0, storedWidth: w, storedHeight: h)
        let p01 = o.uprightPixel(i: 0, j: 1, storedWidth: w, storedHeight: h)
        let bytesPerRow = plan.outputWidth * ch
        origin = p00.x * ch + p00.y * bytesPerRow
        pixelStride = (p10.x - p00.x) * ch + (p10.y - p00.y) * bytesPerRow
        rowStride = (p01.x - p00.x) * ch + (p01.y - p00.y) * bytesPerRow
    }

    deinit {
        ring.deallocate()
        row.deallocate()
        firstSums.deallocate()
        secondSums.deallocate()
        rowPointers.deallocate()
    }

    /// Source rows (buffer y) that affect the output; `consume` ignores the others.
    public var sourceRows: Range<Int> { plan.sourceRows }

    /// Ring rows needed so that every output row's window is still held when its last row arrives.
    private static func ringRows(_ table: CoefficientTable) -> Int {
        var needed = table.taps
        var end = 0
        for start in table.starts {
            end = max(end, start + table.taps)
            needed = max(needed, end - start)
        }
        return needed
    }

    /// Resamples a whole decoded buffer (the plan's source size and layout) into a new upright image.
    public func resample(_ source: PixelBuffer) -> PixelBuffer {
        precondition(source.width == plan.sourceWidth && source.height == plan.sourceHeight && source.layout == plan.layout,
                     "source \(source.width)x\(source.height) \(source.layout) does not match the plan")
        source.bytes.withUnsafeBytes { bytes in
            let rowBytes = source.width * channels
            for y in sourceRows {
                consume(row: UnsafeRawBufferPointer(rebasing: bytes[y * source.bytesPerRow ..< y * source.bytesPerRow + rowBytes]), y: y)
            }
        }
        var image = PixelBuffer(width: 0, height: 0, layout: plan.layout)
        finish(into: &image)
        return image
    }

    /// Takes source row `y` (buffer coordinates, rows in increasing order, full buffer width).
    /// Rows outside `sourceRows` are ignored.
    public func consume(row pixels: UnsafeRawBufferPointer, y: Int) {
        guard sourceRows.contains(y) else { return }
        let r = y - sourceRows.lowerBound
        precondition(r == consumed, "source row \(y) arrived out of order")
        precondition(pixels.count >= plan.sourceColumns.upperBound * channels, "source row \(y) is too short")
        if r == 0 { prepareResult() }
        let source = pixels.baseAddress!.assumingMemoryBound(to: UInt8.self) + plan.sourceColumns.lowerBound * channels
        if let columns = plan.selectedColumns, let rows = plan.selectedRows {
            copySelectedPixels(source, columns: columns, rows: rows)
            consumed += 1
            return
        }
        let slot = ring + (r % ringRows) * ringRowLength
        if plan.horizontalFirst {
            conversion.convert(source, count: plan.sourceColumns.count, into: row)
            HorizontalPass.run(row, table: plan.columns, channels: channels, into: firstSums, fast: fast)
            Narrowing.run(firstSums, count: plan.storedWidth * channels, into: slot)
        } else {
            conversion.convert(source, count: plan.sourceColumns.count, into: slot)
        }
        consumed += 1
        finishReadyRows()
    }

    /// Hands over the upright output once every row of `sourceRows` was consumed; `image`'s old
    /// storage is kept for the next image, so a worker passing the same buffer allocates nothing.
    public func finish(into image: inout PixelBuffer) {
        precondition(finished == plan.storedHeight, "finish() before all of source rows \(sourceRows) were consumed")
        swap(&image, &result)
        consumed = 0
        finished = 0
    }

    /// Makes `result` an upright output buffer of the plan's size with unpadded rows.
    private func prepareResult() {
        if result.width != plan.outputWidth || result.height != plan.outputHeight || result.layout != plan.layout
            || result.bytesPerRow != plan.outputWidth * channels {
            result = PixelBuffer(width: plan.outputWidth, height: plan.outputHeight, layout: plan.layout)
        }
    }

    /// Copies the picked pixels of the newest source row to every output row that takes it.
    private func copySelectedPixels(_ source: UnsafePointer<UInt8>, columns: [Int], rows: [Int]) {
        let ch = channels
        while finished < plan.storedHeight && rows[finished] == consumed {
            let j = finished
            result.bytes.withUnsafeMutableBufferPointer { bytes in
                let row = bytes.baseAddress! + origin + j * rowStride
                for i in 0 ..< plan.storedWidth {
                    for c in 0 ..< ch { row[i * pixelStride + c] = source[columns[i] * ch + c] }
                }
            }
            finished += 1
        }
    }

    /// Filters and writes every output row whose source rows are all in.
    private func finishReadyRows() {
        let table = plan.rows
        let taps = table.taps
        while finished < plan.storedHeight && table.starts[finished] + taps <= consumed {
            let j = finished
            let start = table.starts[j]
            for t in 0 ..< taps { rowPointers[t] = UnsafePointer(ring + ((start + t) % ringRows) * ringRowLength) }
            if plan.horizontalFirst {
                VerticalPass.run(rows: rowPointers, table: table, row: j, length: plan.storedWidth * channels,
                                 into: secondSums, fast: fast)
            } else {
                let length = plan.sourceColumns.count * channels
                VerticalPass.run(rows: rowPointers, table: table, row: j, length: length, into: firstSums, fast: fast)
                Narrowing.run(firstSums, count: length, into: row)
                HorizontalPass.run(row, table: plan.columns, channels: channels, into: secondSums, fast: fast)
            }
            result.bytes.withUnsafeMutableBufferPointer { bytes in
                output.convert(secondSums, count: plan.storedWidth, into: bytes.baseAddress! + origin + j * rowStride,
                               pixelStride: pixelStride)
            }
            finished += 1
        }
    }
}
