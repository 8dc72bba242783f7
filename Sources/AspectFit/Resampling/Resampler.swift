/// Crops, scales and turns upright one image in a single streaming pass: source rows go in (in
/// order), upright output pixels come out, with no cropped or rotated copy in between.
///
/// Each source row is converted to Int16 samples (plain 8-bit colour filtered across rows first
/// stays bytes) and lands, filtered along the row or as it is, in a ring of the few rows the other
/// pass needs; every output row is finished and written upright as soon as its rows are in.
/// Which pass goes first is the plan's choice (`ResamplePlan.horizontalFirst`).
/// One instance per worker: it owns scratch buffers reused from image to image.
public final class Resampler {
    /// The geometry and coefficient tables this resampler applies.
    public let plan: ResamplePlan
    /// Whose kernels run: every set gives identical bytes (tests compare them on one machine).
    var instructionSet = InstructionSet.preferred

    private let channels: Int
    private let conversion: SourceConversion
    private let output: OutputConversion
    /// Ring of filtered rows (along rows first) or source rows (across rows first), `ringRows`
    /// rows of `ringRowBytes`: Int16 samples, or the source bytes themselves when `readsBytes`.
    private let ring: UnsafeMutableRawPointer
    private let ringRows: Int
    private let ringRowBytes: Int
    /// Whether the first pass (across rows) reads 8-bit source rows as they are: no alpha and
    /// no linear light need no conversion, and bytes halve the ring's memory traffic.
    private let readsBytes: Bool
    /// One converted source row (x first) or one vertically filtered row (y first), padded.
    private let row: UnsafeMutablePointer<Int16>
    private let firstSums: UnsafeMutablePointer<Int32>
    private let secondSums: UnsafeMutablePointer<Int32>
    private let rowPointers: UnsafeMutablePointer<UnsafePointer<Int16>>
    private let bytePointers: UnsafeMutablePointer<UnsafePointer<UInt8>>
    /// Where each ring row's bytes are (`readsBytes`): its ring slot, or the caller's row itself
    /// when the caller keeps every row alive until `finish` (the buffer form), saving the copy.
    private let byteRows: UnsafeMutablePointer<UnsafePointer<UInt8>>
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

    /// A resampler for one geometry (see `ResamplePlan.init`).
    public convenience init(filter: Filter = .lanczos3, sourceWidth: Int, sourceHeight: Int, crop: Box,
                            outputWidth: Int, outputHeight: Int, orientation: Orientation = .up,
                            layout: PixelLayout, linearLight: Bool = false) {
        self.init(plan: ResamplePlan(filter: filter, sourceWidth: sourceWidth, sourceHeight: sourceHeight, crop: crop,
                                     outputWidth: outputWidth, outputHeight: outputHeight, orientation: orientation,
                                     layout: layout, linearLight: linearLight))
    }

    /// A resampler for `plan`, whose tables it shares; allocates its scratch rows.
    public init(plan: ResamplePlan) {
        self.plan = plan
        let ch = plan.layout.channels
        channels = ch
        conversion = SourceConversion(channels: ch, hasAlpha: plan.layout.hasAlpha, linearLight: plan.linearLight)
        output = OutputConversion(channels: ch, hasAlpha: plan.layout.hasAlpha, linearLight: plan.linearLight)
        let columnSamples = plan.sourceColumns.count * ch
        let outputSamples = plan.storedWidth * ch
        readsBytes = !plan.horizontalFirst && !plan.layout.hasAlpha && !plan.linearLight
        ringRowBytes = ((plan.horizontalFirst ? outputSamples : columnSamples) + Resampler.padding) * (readsBytes ? 1 : 2)
        ringRows = Resampler.ringRows(plan.rows)
        ring = .allocate(byteCount: ringRows * ringRowBytes, alignment: 16)
        if readsBytes {
            ring.initializeMemory(as: UInt8.self, repeating: 0, count: ringRows * ringRowBytes)
        } else {
            ring.initializeMemory(as: Int16.self, repeating: 0, count: ringRows * ringRowBytes / 2)
        }
        row = .allocate(capacity: columnSamples + Resampler.padding)
        row.initialize(repeating: 0, count: columnSamples + Resampler.padding)
        firstSums = .allocate(capacity: max(columnSamples, outputSamples))
        secondSums = .allocate(capacity: outputSamples)
        rowPointers = .allocate(capacity: plan.rows.taps)
        bytePointers = .allocate(capacity: plan.rows.taps)
        byteRows = .allocate(capacity: ringRows)
        result = PixelBuffer(blankWidth: plan.outputWidth, height: plan.outputHeight, layout: plan.layout)
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
        bytePointers.deallocate()
        byteRows.deallocate()
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
        var image = PixelBuffer(blankWidth: 0, height: 0, layout: plan.layout)
        source.bytes.withUnsafeBufferPointer { bytes in
            resample(SourceRows(base: bytes.baseAddress!, bytesPerRow: source.bytesPerRow), width: source.width, into: &image)
        }
        return image
    }

    /// Takes source row `y` (buffer coordinates, rows in increasing order, full buffer width).
    /// Rows outside `sourceRows` are ignored.
    public func consume(row pixels: UnsafeRawBufferPointer, y: Int) {
        consume(row: pixels, y: y, rowsStayValid: false)
    }

    /// `consume`, told whether the caller's rows stay valid until `finish` (so need no copy).
    private func consume(row pixels: UnsafeRawBufferPointer, y: Int, rowsStayValid: Bool) {
        guard sourceRows.contains(y) else { return }
        let r = y - sourceRows.lowerBound
        precondition(r == 0 || r == consumed, "source row \(y) arrived out of order")
        precondition(pixels.count >= plan.sourceColumns.upperBound * channels, "source row \(y) is too short")
        if r == 0 {
            // A new image: forget any earlier one abandoned half way.
            consumed = 0
            finished = 0
            prepareResult()
        }
        let source = UnsafePointer(pixels.baseAddress!.assumingMemoryBound(to: UInt8.self) + plan.sourceColumns.lowerBound * channels)
        if let columns = plan.selectedColumns, let rows = plan.selectedRows {
            copySelectedPixels(source, columns: columns, rows: rows)
            consumed += 1
            return
        }
        store(source, r: r, rowsStayValid: rowsStayValid)
        consumed += 1
        result.bytes.withUnsafeMutableBufferPointer { finishReadyRows(upTo: plan.storedHeight, into: $0.baseAddress!) }
    }

    /// Puts source row `r` (relative to `sourceRows`; `source` is its first column of
    /// `sourceColumns`) in its ring slot, as the pass across rows will read it.
    private func store(_ source: UnsafePointer<UInt8>, r: Int, rowsStayValid: Bool) {
        let slot = ring + (r % ringRows) * ringRowBytes
        if plan.horizontalFirst {
            conversion.convert(source, count: plan.sourceColumns.count, into: row, using: instructionSet)
            HorizontalPass.run(row, table: plan.columns, channels: channels, into: firstSums, using: instructionSet)
            Narrowing.run(firstSums, count: plan.storedWidth * channels, shift: SampleScale.weightShift,
                          into: slot.assumingMemoryBound(to: Int16.self), using: instructionSet)
        } else if readsBytes {
            if rowsStayValid {
                byteRows[r % ringRows] = UnsafePointer(source)
            } else {
                slot.assumingMemoryBound(to: UInt8.self).update(from: source, count: plan.sourceColumns.count * channels)
                byteRows[r % ringRows] = UnsafePointer(slot.assumingMemoryBound(to: UInt8.self))
            }
        } else {
            conversion.convert(source, count: plan.sourceColumns.count, into: slot.assumingMemoryBound(to: Int16.self), using: instructionSet)
        }
    }

    /// Resamples a source whose rows all stay valid until it returns (row `y` of the plan's source,
    /// `width` pixels, at `rows.base + y * rows.bytesPerRow`) on this thread, reading the rows where
    /// they are (no row is copied into the ring); the upright output is swapped into `image`.
    func resample(_ rows: SourceRows, width: Int, into image: inout PixelBuffer) {
        for y in sourceRows {
            consume(row: UnsafeRawBufferPointer(start: rows.row(y), count: width * channels), y: y, rowsStayValid: true)
        }
        finish(into: &image)
    }

    /// Resamples a source whose rows all stay valid (row `y` of the plan's source at
    /// `rows.base + y * rows.bytesPerRow`) as two bands of stored output rows at once: this
    /// resampler fills the first on the caller's thread, `partner` (another resampler of the same
    /// plan) the second on a thread of its own. The bytes are those `consume` gives: every output
    /// row is filtered from the same rows with the same tables; the bands only share the source
    /// rows both need. The upright output is swapped into `image`, as `finish` does.
    func resampleInTwoBands(_ rows: SourceRows, partner: Resampler, into image: inout PixelBuffer) {
        precondition(partner !== self && partner.plan == plan, "a partner resamples the same plan")
        precondition(plan.selectedColumns == nil, "copied pixels take no filtering to share")
        partner.instructionSet = instructionSet
        prepareResult()
        let middle = plan.storedHeight / 2
        result.bytes.withUnsafeMutableBufferPointer { bytes in
            let second = Band(resampler: partner, rows: rows, range: middle ..< plan.storedHeight, image: bytes.baseAddress!)
            _ = alongside({ second.fill() }, { fill(rows, band: 0 ..< middle, into: bytes.baseAddress!) })
        }
        swap(&image, &result)
    }

    /// Filters stored output rows `band` from `rows` (all of them valid throughout) into the
    /// upright output at `image`, feeding the ring from the first source row the band reads.
    fileprivate func fill(_ rows: SourceRows, band: Range<Int>, into image: UnsafeMutablePointer<UInt8>) {
        defer {
            consumed = 0
            finished = 0
        }
        guard !band.isEmpty else { return }
        let starts = plan.rows.starts[band]
        let first = starts.min()!, end = starts.max()! + plan.rows.taps
        finished = band.lowerBound
        consumed = first
        for r in first ..< end {
            store(rows.row(sourceRows.lowerBound + r) + plan.sourceColumns.lowerBound * channels, r: r, rowsStayValid: true)
            consumed += 1
            finishReadyRows(upTo: band.upperBound, into: image)
        }
        precondition(finished == band.upperBound, "band \(band) left rows unfiltered")
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
            result = PixelBuffer(blankWidth: plan.outputWidth, height: plan.outputHeight, layout: plan.layout)
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

    /// Filters every stored output row before `end` whose source rows are all in, and writes it
    /// into the upright output at `image`.
    private func finishReadyRows(upTo end: Int, into image: UnsafeMutablePointer<UInt8>) {
        let table = plan.rows
        let taps = table.taps
        while finished < end && table.starts[finished] + taps <= consumed {
            let j = finished
            let start = table.starts[j]
            let length = plan.sourceColumns.count * channels
            if readsBytes {
                for t in 0 ..< taps { bytePointers[t] = byteRows[(start + t) % ringRows] }
                VerticalPass.runNarrowing(rows: bytePointers, table: table, row: j, length: length, sums: firstSums,
                                          into: row, using: instructionSet)
                HorizontalPass.run(row, table: plan.columns, channels: channels, into: secondSums, using: instructionSet)
            } else {
                for t in 0 ..< taps {
                    rowPointers[t] = UnsafePointer((ring + ((start + t) % ringRows) * ringRowBytes).assumingMemoryBound(to: Int16.self))
                }
                if plan.horizontalFirst {
                    VerticalPass.run(rows: rowPointers, table: table, row: j, length: plan.storedWidth * channels,
                                     into: secondSums, using: instructionSet)
                } else {
                    VerticalPass.run(rows: rowPointers, table: table, row: j, length: length, into: firstSums, using: instructionSet)
                    Narrowing.run(firstSums, count: length, shift: SampleScale.weightShift, into: row, using: instructionSet)
                    HorizontalPass.run(row, table: plan.columns, channels: channels, into: secondSums, using: instructionSet)
                }
            }
            output.convert(secondSums, count: plan.storedWidth, into: image + origin + j * rowStride,
                           pixelStride: pixelStride, using: instructionSet)
            finished += 1
        }
    }
}

/// The rows of a decoded source that stay valid while a resampler reads them: row `y` (of the
/// plan's source) at `base + y * bytesPerRow`.
struct SourceRows: @unchecked Sendable {
    let base: UnsafePointer<UInt8>
    let bytesPerRow: Int

    func row(_ y: Int) -> UnsafePointer<UInt8> { base + y * bytesPerRow }
}

/// The second band of `Resampler.resampleInTwoBands`, handed to the thread that fills it with a
/// resampler (scratch rows) of its own; it writes only its own output rows.
private struct Band: @unchecked Sendable {
    let resampler: Resampler
    let rows: SourceRows
    let range: Range<Int>
    let image: UnsafeMutablePointer<UInt8>

    func fill() { resampler.fill(rows, band: range, into: image) }
}
