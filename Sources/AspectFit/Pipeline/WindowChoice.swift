/// How a plan's crop window is placed when the gravity reads the pixels (attention, entropy).
public struct WindowChoice: Sendable, Equatable {
    /// `.attention` or `.entropy`.
    public var strategy: Gravity
    /// The chosen window's centre as a fraction of the upright image's width: nil in a plan made
    /// from the header alone (a dry run), whose crop is only the window's size, centred.
    public var focusX: Double?
    /// The chosen window's centre as a fraction of the upright image's height; nil like `focusX`.
    public var focusY: Double?

    /// A choice by `strategy`, its focus nil until the pixels are read.
    public init(strategy: Gravity, focusX: Double? = nil, focusY: Double? = nil) {
        self.strategy = strategy
        self.focusX = focusX
        self.focusY = focusY
    }

    /// Whether the window has been chosen (the pixels were read).
    public var isChosen: Bool { focusX != nil && focusY != nil }
}
