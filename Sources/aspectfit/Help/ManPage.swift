/// The man page `aspectfit.1` (roff, `man` macros): the same `Manual` prose and `OptionTable`
/// entries as `--help`, so the installed page cannot drift from the binary.
enum ManPage {
    static var text: String {
        var out = [".TH ASPECTFIT 1 \"\" \"\(escape(Manual.version))\" \"User Commands\""]
        for section in Manual.beforeOptions { out += render(section) }
        for section in OptionDeclaration.Section.allCases {
            out.append(".SH \"\(section.title)\"")
            for option in OptionTable.documented where option.section == section {
                out.append(".TP")
                out.append(term(option))
                out += body(HelpText.fullHelp(option))
            }
        }
        for section in Manual.afterOptions { out += render(section) }
        return out.joined(separator: "\n") + "\n"
    }

    /// `\fB\-r\fR, \fB\-\-ratio\fR \fIRATIO\fR`
    private static func term(_ option: OptionDeclaration) -> String {
        var names = option.short.map { "\\fB\\-\(escape(String($0)))\\fR, " } ?? ""
        names += "\\fB\\-\\-\(escape(option.long))\\fR"
        return option.valueName.map { names + " \\fI\(escape($0))\\fR" } ?? names
    }

    /// Help text lines: the first filled, each later one on a new output line, indented as written.
    private static func body(_ text: String) -> [String] {
        var out: [String] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { out.append(".br") }
            let spaces = line.prefix { $0 == " " }.count
            out.append(String(repeating: "\\ ", count: spaces) + escape(line.dropFirst(spaces)))
        }
        return out
    }

    private static func render(_ section: Manual.Section) -> [String] {
        var out = [".SH \"\(section.title)\""]
        for block in section.blocks {
            switch block {
            case .paragraph(let text): out += [".PP", escape(text)]
            case .verbatim(let lines): out += [".nf"] + lines.map(escape) + [".fi"]
            case .item(let term, let text): out += [".TP", "\\fB\(escape(term))\\fR", escape(text)]
            case .example(let caption, let commands):
                out += [".PP", escape(caption), ".RS", ".nf"] + commands.map(escape) + [".fi", ".RE"]
            }
        }
        return out
    }

    /// Roff-safe text: backslashes and hyphens escaped (`\-` copies as the ASCII minus options
    /// need), a line never starting with a control character.
    static func escape<S: StringProtocol>(_ text: S) -> String {
        var out = ""
        for c in text {
            switch c {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            default: out.append(c)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
