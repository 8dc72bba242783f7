extension Orientation {
    /// The upright-coordinate rectangle showing the stored `box` (the inverse of `storedBox`).
    ///
    /// `.up` returns `box` untouched, so a crop given upright round-trips bit for bit.
    public func uprightBox(_ box: Box, storedWidth w: Int, storedHeight h: Int) -> Box {
        if self == .up { return box }
        let a = upright(x: box.x, y: box.y, storedWidth: Double(w), storedHeight: Double(h))
        let b = upright(x: box.maxX, y: box.maxY, storedWidth: Double(w), storedHeight: Double(h))
        return Box(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}
