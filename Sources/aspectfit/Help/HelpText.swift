/// The `--help` page: `Manual`'s prose around the option sections of `OptionTable`, for a terminal.
enum HelpText {
    static var page: String {
        var lines: [String] = []
        for section in Manual.beforeOptions { lines += render(section) }
        for section in OptionDeclaration.Section.allCases {
            lines.append(section.title)
            for option in OptionTable.documented where option.section == section { lines += entry(option) }
            lines.append("")
        }
        for section in Manual.afterOptions { lines += render(section) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "-r, --ratio RATIO" or "    --max N": the option's column in the manual.
    static func label(_ option: OptionDeclaration) -> String {
        let names = option.short.map { "-\($0), --\(option.long)" } ?? "    --\(option.long)"
        return option.valueName.map { "\(names) \($0)" } ?? names
    }

    /// The help text with what the table says about combinations: "Not with --size. Needs --radius."
    static func fullHelp(_ option: OptionDeclaration) -> String {
        var text = option.help
        let conflicts = OptionTable.conflicts(of: option)
        if !conflicts.isEmpty { text += " Not with " + conflicts.map { "--\($0.long)" }.joined(separator: ", ") + "." }
        if !option.requires.isEmpty { text += " Needs " + option.requires.map { "--\($0)" }.joined(separator: ", ") + "." }
        if option.inVariant { text += " Also inside --variant." }
        return text
    }

    private static func entry(_ option: OptionDeclaration) -> [String] {
        TextWrapper(indent: 28).lines(fullHelp(option), firstLinePrefix: "    " + label(option))
    }

    private static func render(_ section: Manual.Section) -> [String] {
        var lines = [section.title]
        for block in section.blocks {
            switch block {
            case .paragraph(let text):
                if lines.count > 1 && lines.last != "" { lines.append("") }
                lines += TextWrapper(indent: 4).lines(text)
                lines.append("")
            case .verbatim(let verbatim):
                lines += verbatim.map { "    " + $0 }
                lines.append("")
            case .item(let term, let text):
                lines += TextWrapper(indent: 9).lines(text, firstLinePrefix: "    " + term)
            case .example(let caption, let commands):
                lines += TextWrapper(indent: 4).lines(caption)
                lines += commands.map { "        " + $0 }
            }
        }
        if lines.last != "" { lines.append("") }
        return lines
    }
}
