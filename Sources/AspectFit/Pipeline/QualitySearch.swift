/// The highest lossy quality whose encode fits a byte budget, between a floor and the quality asked
/// for (the ceiling), as `BudgetedEncode` searches a still image's and `SharedFrames` an animation's.
///
/// The ceiling is tried first (a budget only ever lowers the quality), then the floor (an output
/// that cannot fit fails after two encodes). Between them the next quality is interpolated on the
/// sizes of the two qualities that bound it (one above the estimate: sizes grow faster than
/// linearly near the top), the midpoint after an interpolation that did not halve the interval, so
/// the quality chosen is always one below a quality encoded and found too large.
struct QualitySearch {
    /// The most bytes the output may take.
    var maxBytes: Int
    /// The lowest quality tried (at most `ceiling`).
    var floor: Int
    /// The quality asked for.
    var ceiling: Int

    /// The chosen quality; `size(q)` encodes at `q` and gives the encode's byte count (the caller
    /// keeps the bytes). `.overBudget` when the floor does not fit.
    func run(_ size: (Int) throws(FitError) -> Int) throws(FitError) -> Int {
        let floor = min(self.floor, ceiling)
        var sizes = [ceiling: try size(ceiling)]
        if sizes[ceiling]! <= maxBytes { return ceiling }
        sizes[floor] = try size(floor)
        guard sizes[floor]! <= maxBytes else {
            throw .overBudget(smallestBytes: sizes[floor]!, maxBytes: maxBytes, atQuality: floor)
        }
        // `low` fits, `high` is too large
        var (low, high) = (floor, ceiling)
        var bisect = false
        while high - low > 1 {
            var middle = (low + high) / 2
            if !bisect {
                let (small, large) = (sizes[low]!, sizes[high]!)
                let step = Double(high - low) * Double(maxBytes - small) / Double(large - small)
                middle = min(high - 1, low + 1 + Int(step))
            }
            let width = high - low
            sizes[middle] = try size(middle)
            if sizes[middle]! <= maxBytes { low = middle } else { high = middle }
            bisect = !bisect && (high - low) * 2 > width
        }
        return low
    }
}
