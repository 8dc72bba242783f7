/// How a plan's crop window is placed when the gravity reads the pixels (attention, entropy).
public struct WindowChoice: Sendable, Equatable {
    /// `.attention` or `.entropy`.
    public var strategy: Gravity
    /// The chosen window's centre as a fraction of the upright image's width: nil in a plan made
    /// from the header alone (a dry run), whose crop is only the window's size, centred.
    public var focusX: Double?
    /// The chosen window's centre as a fraction of the upright image's height; nil like `focusX`.
    public var focusY: Double?
    /// What attention found in the pixels (faces, then the salient region), so the choice can be
    /// audited; empty for entropy and before the pixels are read.
    public var subjects: [Subject]

    /// A choice by `strategy`, its focus nil until the pixels are read.
    public init(strategy: Gravity, focusX: Double? = nil, focusY: Double? = nil, subjects: [Subject] = []) {
        self.strategy = strategy
        self.focusX = focusX
        self.focusY = focusY
        self.subjects = subjects
    }

    /// The plan-time choice for `window`, planned centred by `options.gravity` (`.attention` or
    /// `.entropy`): already chosen, centred, when the window cannot move by a whole source pixel
    /// (the source has the output's shape), so nothing needs analysing; else to be chosen from the pixels.
    init(window: CropPlan, strategy: Gravity) {
        self.init(strategy: strategy)
        let upright = window.orientation.uprightSize(width: window.sourceWidth, height: window.sourceHeight)
        let w = Double(upright.width), h = Double(upright.height), crop = window.crop
        guard w - crop.width < 1, h - crop.height < 1 else { return }
        focusX = (crop.x + crop.width / 2) / w
        focusY = (crop.y + crop.height / 2) / h
    }

    /// Whether the window has been chosen (the pixels were read).
    public var isChosen: Bool { focusX != nil && focusY != nil }
}
