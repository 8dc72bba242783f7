/// One command-line option, declared once. The entry drives parsing, the conflict checks, the
/// option sections of `--help` and of the man page, and the shell completions, so none can drift.
struct OptionDeclaration: Sendable {
    /// The part of the manual the option is listed in.
    enum Section: CaseIterable, Sendable {
        case shape, output, batch, reporting

        var title: String {
            switch self {
            case .shape: "SHAPE OPTIONS"
            case .output: "OUTPUT OPTIONS"
            case .batch: "BATCH OPTIONS"
            case .reporting: "REPORTING OPTIONS"
            }
        }
    }

    /// What seeing the option does to the command line being built.
    enum Action: Sendable {
        /// A flag: takes no value.
        case flag(@Sendable (inout ParsedCommandLine) -> Void)
        /// Takes one value, shown as `valueName` in the manual; the closure checks and applies it.
        case value(valueName: String, @Sendable (inout ParsedCommandLine, OptionValue) throws(UsageError) -> Void)
    }

    /// What a shell may offer for the option's value.
    enum ValueCompletion: Sendable, Equatable {
        /// Free text (a number, a colour): nothing to offer.
        case none
        /// One of these words.
        case words([String])
        /// A path.
        case path
    }

    /// The long name without the dashes, e.g. "ratio".
    var long: String
    /// The one-letter form, e.g. "r" for `-r`.
    var short: Character?
    var section: Section
    /// The manual text. A newline starts a new line; leading spaces indent that line and its wrap.
    var help: String
    var action: Action
    var completion: ValueCompletion = .none
    /// Long names of options that cannot be given together with this one.
    var conflicts: [String] = []
    /// Long names of options this one needs.
    var requires: [String] = []
    /// Left out of the manual, README and completions (the generators the install step calls).
    var hidden = false
    /// Allowed inside `--variant` (a shape or output option: one output's own setting).
    var inVariant = false

    var takesValue: Bool {
        if case .value = action { return true }
        return false
    }

    var valueName: String? {
        if case .value(let name, _) = action { return name }
        return nil
    }
}

/// An option's value as given: raw bytes (a path must survive untouched) and as text.
struct OptionValue: Sendable {
    var bytes: [UInt8]
    /// The value for parsing: invalid UTF-8 is shown as U+FFFD.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
