/// Everything about one resampling geometry that does not depend on the pixels: the filter, the crop,
/// the sizes, the orientation and the fixed-point coefficient tables. Build it once and share it
/// (it is `Sendable`) across every image of a batch with the same geometry.
public struct ResamplePlan: Sendable, Equatable {
    /// The reconstruction filter.
    public let filter: Filter
    /// The decoded buffer's width, in stored orientation.
    public let sourceWidth: Int
    /// The decoded buffer's height, in stored orientation.
    public let sourceHeight: Int
    /// The crop in the decoded buffer's (stored) coordinates; sub-pixel exact.
    public let crop: Box
    /// The upright output width.
    public let outputWidth: Int
    /// The upright output height.
    public let outputHeight: Int
    /// How the stored source turns upright; the output is written upright.
    public let orientation: Orientation
    /// The layout of source and output pixels.
    public let layout: PixelLayout
    /// Filter in linear light (sRGB decoded first, encoded after) instead of on sRGB codes.
    public let linearLight: Bool
    /// The output width in stored orientation (the height for orientations 5-8).
    public let storedWidth: Int
    /// The output height in stored orientation.
    public let storedHeight: Int

    /// Weights along stored rows (x).
    let columns: CoefficientTable
    /// Weights across stored rows (y).
    let rows: CoefficientTable
    /// Whether stored rows are filtered first (then across rows); otherwise across rows first.
    /// The order is chosen on the upright geometry, so a stored image and its upright copy are
    /// filtered in the same upright order and give identical bytes.
    let horizontalFirst: Bool

    /// When every output pixel takes exactly one source pixel (nearest, or scale 1 on whole-pixel
    /// offsets): the source column of each stored output column and the source row of each stored
    /// output row (relative to `sourceColumns` and `sourceRows`). Pixels are then copied untouched,
    /// transparent pixels' colour included, as nothing is filtered.
    let selectedColumns: [Int]?
    let selectedRows: [Int]?

    /// Source rows (buffer y) that affect the output; the decoder may skip the others.
    public var sourceRows: Range<Int> { rows.sourceRange }
    /// Source columns (buffer x) that affect the output.
    public var sourceColumns: Range<Int> { columns.sourceRange }

    /// The geometry of resampling `crop` of a stored `sourceWidth` x `sourceHeight` buffer to an upright output; sizes and crop must be positive.
    public init(filter: Filter = .lanczos3, sourceWidth: Int, sourceHeight: Int, crop: Box,
                outputWidth: Int, outputHeight: Int, orientation: Orientation = .up,
                layout: PixelLayout, linearLight: Bool = false) {
        precondition(sourceWidth > 0 && sourceHeight > 0 && outputWidth > 0 && outputHeight > 0, "empty image")
        precondition(crop.width > 0 && crop.height > 0, "empty crop \(crop)")
        self.filter = filter
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.crop = crop
        self.outputWidth = outputWidth
        self.outputHeight = outputHeight
        self.orientation = orientation
        self.layout = layout
        self.linearLight = linearLight
        let swaps = orientation.swapsAxes
        (storedWidth, storedHeight) = swaps ? (outputHeight, outputWidth) : (outputWidth, outputHeight)

        // Weights are computed on the upright axes, then laid out along the stored ones.
        let upright = orientation.uprightSize(width: sourceWidth, height: sourceHeight)
        let box = orientation.uprightBox(crop, storedWidth: sourceWidth, storedHeight: sourceHeight)
        let xAxis = AxisWeights(filter: filter, sourceSize: upright.width, offset: box.x, length: box.width, count: outputWidth)
        let yAxis = AxisWeights(filter: filter, sourceSize: upright.height, offset: box.y, length: box.height, count: outputHeight)
        let o = orientation.uprightPixel(i: 0, j: 0, storedWidth: 2, storedHeight: 2)
        let alongX = orientation.uprightPixel(i: 1, j: 0, storedWidth: 2, storedHeight: 2)
        let alongY = orientation.uprightPixel(i: 0, j: 1, storedWidth: 2, storedHeight: 2)
        let xMirrored = swaps ? alongX.y < o.y : alongX.x < o.x
        let yMirrored = swaps ? alongY.x < o.x : alongY.y < o.y
        horizontalFirst = ResamplePlan.filtersXFirst(x: xAxis, y: yAxis, channels: layout.channels) != swaps
        columns = CoefficientTable(swaps ? yAxis : xAxis, mirrored: xMirrored, tapMultiple: 4, channels: layout.channels)
        rows = CoefficientTable(swaps ? xAxis : yAxis, mirrored: yMirrored, tapMultiple: 2, channels: 1)
        let (x, y) = (columns.selection, rows.selection)
        (selectedColumns, selectedRows) = x != nil && y != nil ? (x, y) : (nil, nil)
    }

    /// Whether filtering upright x first is cheaper than y first, by the SSE2 loops' instruction
    /// counts (callgrind): along a row about 24 per output pixel plus, per tap, 1.9, 2.2, 3.75 (a
    /// lane wasted) or 3.3 for 1-4 channels; across rows about 0.7 per tap and sample.
    static func filtersXFirst(x: AxisWeights, y: AxisWeights, channels: Int) -> Bool {
        let perTap = [1.9, 2.2, 3.75, 3.3][channels - 1], across = 0.7 * Double(channels)
        let (w, h) = (Double(x.firsts.count), Double(y.firsts.count))
        let (tx, ty) = (Double(x.longestWindow), Double(y.longestWindow))
        let along = w * (24 + tx * perTap)
        let xFirst = Double(y.span) * along + h * w * ty * across
        let yFirst = h * Double(x.span) * ty * across + h * along
        return xFirst <= yFirst
    }
}
