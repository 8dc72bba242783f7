import CResampleKernels

/// Turns the rows of a decode into the rows a `factor` times coarser decode would give: each
/// output pixel is the rounded mean of a `factor` x `factor` block aligned to the whole image
/// (what JPEG DCT scaling approximates), the blocks at the right and bottom edges cut short.
///
/// A shared decode feeds a variant through one so that its resampler sees the pixel count (and
/// geometry) of the decode it would pick alone, instead of filtering every finer pixel.
final class BoxReducer {
    /// The block side: 2, 4 or 8.
    let factor: Int
    /// The coarse pixels produced: columns and rows of the image at 1/`factor` the input scale.
    let region: PixelRect
    private let channels: Int
    /// The input image's size (all of it, not the decoded region), which cuts the edge blocks.
    private let inputWidth: Int
    private let inputHeight: Int
    /// The decoded region's top-left corner in the input image.
    private let origin: (x: Int, y: Int)
    /// Input columns read, relative to the decoded region.
    private let columns: Range<Int>
    /// Column sums of the block row being read (at most 8 rows of 255: fits UInt16).
    private let sums: UnsafeMutablePointer<UInt16>
    /// Samples after the sums that `rk_box_mean_columns` may read.
    private static let sumsPadding = 8
    private let output: UnsafeMutablePointer<UInt8>

    /// A reducer of the rows of `decoded` (a region of a `inputWidth` x `inputHeight` image with
    /// `channels` samples per pixel) to the pixels `region` of the image reduced by `factor`.
    /// `decoded` must hold every input pixel of `region`'s blocks.
    init(factor: Int, region: PixelRect, channels: Int, inputWidth: Int, inputHeight: Int, decoded: PixelRect) {
        precondition(factor >= 2 && factor <= 8, "box factor \(factor) is not 2...8")
        self.factor = factor
        self.region = region
        self.channels = channels
        self.inputWidth = inputWidth
        self.inputHeight = inputHeight
        origin = (decoded.x, decoded.y)
        let needed = Self.inputSpan(of: region, factor: factor, inputWidth: inputWidth, inputHeight: inputHeight)
        precondition(needed.x >= decoded.x && needed.maxX <= decoded.maxX && needed.y >= decoded.y && needed.maxY <= decoded.maxY,
                     "decoded \(decoded) does not hold the blocks of \(region) at 1/\(factor)")
        columns = needed.x - decoded.x ..< needed.maxX - decoded.x
        sums = .allocate(capacity: columns.count * channels + Self.sumsPadding)
        sums.initialize(repeating: 0, count: columns.count * channels + Self.sumsPadding)
        output = .allocate(capacity: region.width * channels)
        output.initialize(repeating: 0, count: region.width * channels)
    }

    deinit {
        sums.deallocate()
        output.deallocate()
    }

    /// The input pixels whose blocks make `region` of the image reduced by `factor`.
    static func inputSpan(of region: PixelRect, factor: Int, inputWidth: Int, inputHeight: Int) -> PixelRect {
        let x = region.x * factor
        let y = region.y * factor
        return PixelRect(x: x, y: y, width: min(region.maxX * factor, inputWidth) - x,
                         height: min(region.maxY * factor, inputHeight) - y)
    }

    /// Takes decoded row `y` (relative to the decoded region, in order); when it completes a block
    /// row, passes the coarse row (relative to `region`) and its pixels to `emit`.
    func consume(row pixels: UnsafeRawBufferPointer, y: Int, emit: (Int, UnsafeRawBufferPointer) throws -> Void) rethrows {
        let inputY = origin.y + y
        let coarseY = inputY / factor
        guard coarseY >= region.y && coarseY < region.maxY else { return }
        let source = pixels.baseAddress!.assumingMemoryBound(to: UInt8.self) + columns.lowerBound * channels
        rk_box_sum_row(sums, source, columns.count * channels, inputY % factor == 0 ? 1 : 0)
        let lastRow = min((coarseY + 1) * factor, inputHeight) - 1
        guard inputY == lastRow else { return }
        let lastWidth = min(region.maxX * factor, inputWidth) - (region.maxX - 1) * factor
        rk_box_mean_columns(sums, region.width, Int32(channels), Int32(factor), Int32(lastWidth),
                            Int32(lastRow + 1 - coarseY * factor), output)
        try emit(coarseY - region.y, UnsafeRawBufferPointer(start: output, count: region.width * channels))
    }
}
