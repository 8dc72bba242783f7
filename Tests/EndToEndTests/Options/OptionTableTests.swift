import Foundation
import Testing
import TestSupport
@testable import aspectfit

/// The option table is the one declaration of every option: README, `--help` and the parser must
/// all agree with it, and every parsing form works for every entry.
@Suite struct OptionTableTests {
    /// A valid value for every option that takes one; an option added without one fails
    /// `everyOptionTakesAValidValue`, so each new option is exercised.
    static let sampleValues: [String: String] = [
        "ratio": "4:3", "width": "64", "height": "48", "size": "64x48", "max": "64", "gravity": "north",
        "focus": "0.5,0.3", "fit": "contain", "radius": "10%", "corners": "continuous", "corners-on": "picture", "background": "#336699", "filter": "mitchell", "sharpen": "1,0.8",
        "output": "out/", "format": "png", "quality": "90", "jpeg-encoder": "turbo", "png-compression": "6", "png-depth": "16", "png-palette": "64", "webp-quality": "70", "webp-effort": "2", "avif-quality": "50", "avif-speed": "9", "max-bytes": "64K", "min-quality": "40", "max-pixels": "24M",
        "trim-threshold": "20", "frames": "first", "frame": "0", "max-frames": "100", "max-animation-pixels": "500M",
        "max-file-size": "64M", "fail-on": "none", "files-from": "list.txt", "jobs": "2", "shard": "1/1",
        "variant": "-w 64 -o v/", "variants-from": "variants.txt", "max-memory": "512M",
        "generate-completion-script": "bash",
    ]

    /// Options valid beside the default output name (`NAME-WxH.EXT`) only with a size they cannot
    /// change: a trim's output size otherwise comes from the pixels (docs/trim.md).
    static let needFixedSize: Set<String> = ["trim", "trim-threshold"]

    /// What each option needs beside it to be valid alone (its `requires`, from the table).
    static func arguments(for option: OptionDeclaration) -> [String] {
        var arguments = ["--\(option.long)"] + (option.takesValue ? [sampleValues[option.long] ?? "?"] : [])
        if needFixedSize.contains(option.long) { arguments += ["-s", "64x48"] }
        for needed in option.requires {
            arguments += ["--\(needed)"] + (OptionTable.named(needed)!.takesValue ? [sampleValues[needed] ?? "?"] : [])
        }
        return arguments
    }

    /// The long and short names in the README's options table.
    static func readmeOptionNames() throws -> (long: Set<String>, short: [String: Set<String>]) {
        let readme = try String(contentsOf: Corpus.projectRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("### Options") })
        let rows = lines[(start + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.dropFirst(2)
        var long: Set<String> = []
        var short: [String: Set<String>] = [:]   // long name -> short letters in the same row
        let longPattern = try NSRegularExpression(pattern: "(?<![\\w-])--([a-z0-9][a-z0-9-]*)")
        let shortPattern = try NSRegularExpression(pattern: "(?<![\\w-])-([A-Za-z0-9])(?![\\w-])")
        for row in rows {
            let cells = row.replacingOccurrences(of: "\\|", with: "/").split(separator: "|", omittingEmptySubsequences: false)
            let cell = String(cells[2])
            let range = NSRange(cell.startIndex..., in: cell)
            let longs = longPattern.matches(in: cell, range: range).map { String(cell[Range($0.range(at: 1), in: cell)!]) }
            let shorts = shortPattern.matches(in: cell, range: range).map { String(cell[Range($0.range(at: 1), in: cell)!]) }
            long.formUnion(longs)
            for name in longs { short[name, default: []].formUnion(shorts) }
        }
        return (long, short)
    }

    @Test func readmeListsExactlyTheTableOptions() throws {
        let readme = try Self.readmeOptionNames()
        let table = Set(OptionTable.documented.map(\.long))
        #expect(readme.long.subtracting(table).isEmpty, "in README but not in the table: \(readme.long.subtracting(table).sorted())")
        #expect(table.subtracting(readme.long).isEmpty, "in the table but not in README: \(table.subtracting(readme.long).sorted())")
        for option in OptionTable.documented {
            if let letter = option.short {
                #expect(readme.short[option.long]?.contains(String(letter)) == true, "README does not give -\(letter) beside --\(option.long)")
            }
        }
        #expect(!readme.long.contains { OptionTable.named($0)?.hidden == true }, "README lists a hidden option")
    }

    @Test func helpListsEveryOptionWithItsShortFormAndValue() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(["--help"])
        #expect(result.status == 0)
        let lines = result.stdoutText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for option in OptionTable.all {
            let heading = (option.short.map { "-\($0), " } ?? "") + "--\(option.long)" + (option.valueName.map { " \($0)" } ?? "")
            let listed = lines.contains { $0 == heading || $0.hasPrefix(heading + "  ") }
            #expect(listed == !option.hidden, "--help and the heading '\(heading)' (hidden: \(option.hidden))")
        }
        let titles = OptionDeclaration.Section.allCases.map(\.title)
        #expect(titles.allSatisfy { title in lines.contains(title) })
        // Prose and options fit an 80-column terminal (example commands are kept whole).
        let page = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
        let examples = try #require(page.firstIndex(of: "EXAMPLES"))
        for line in page[..<examples] { #expect(line.count <= 80, "wider than 80 columns: \(line)") }
    }

    @Test func namesAreUniqueAndWellFormed() {
        let longs = OptionTable.all.map(\.long)
        #expect(Set(longs).count == longs.count)
        let shorts = OptionTable.all.compactMap(\.short)
        #expect(Set(shorts).count == shorts.count)
        for option in OptionTable.all {
            #expect(option.long.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" } && !option.long.hasPrefix("-"))
            for other in option.conflicts + option.requires { #expect(OptionTable.named(other) != nil, "--\(option.long) names --\(other)") }
        }
    }

    /// Every option, in each of its spellings, with a valid value: accepted (exit 0 on a dry run).
    @Test func everyOptionTakesAValidValue() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        try sandbox.write("a.jpg", to: "list.txt")   // no separator: read alike with and without -0
        try sandbox.write("-w 32 -o v/\n", to: "variants.txt")
        for option in OptionTable.all where option.takesValue {
            #expect(Self.sampleValues[option.long] != nil, "no sample value for --\(option.long)")
        }
        for option in OptionTable.all where option.long != "help" && option.long != "version" {
            var forms = [Self.arguments(for: option)]
            let value = option.takesValue ? Self.sampleValues[option.long] ?? "?" : nil
            if let value {
                forms.append(["--\(option.long)=\(value)"] + forms[0].dropFirst(2))
                if let letter = option.short {
                    forms.append(["-\(letter)", value] + forms[0].dropFirst(2))
                    forms.append(["-\(letter)\(value)"] + forms[0].dropFirst(2))
                }
            } else if let letter = option.short {
                forms.append(["-\(letter)"] + forms[0].dropFirst(1))
            }
            for form in forms {
                let inputs = option.requires.contains("files-from") || option.long == "files-from" ? [] : ["a.jpg"]
                let result = try sandbox.run(form + ["--dry-run"] + inputs)
                #expect(result.status == 0, "\(form): \(result.stderr)")
            }
        }
    }

    /// Each value option without its value, and each flag given a value, is refused.
    @Test func missingAndUnexpectedValuesAreUsageErrors() throws {
        let sandbox = try Sandbox()
        for option in OptionTable.all {
            if option.takesValue {
                let result = try sandbox.run(["--\(option.long)"])
                #expect(result.status == 2 && result.stderr.contains("'--\(option.long)' needs a value"), "--\(option.long): \(result.stderr)")
                if let letter = option.short {
                    let short = try sandbox.run(["-\(letter)"])
                    #expect(short.status == 2 && short.stderr.contains("'-\(letter)' needs a value"), "-\(letter): \(short.stderr)")
                }
            } else {
                let result = try sandbox.run(["--\(option.long)=1", "a.jpg"])
                #expect(result.status == 2 && result.stderr.contains("'--\(option.long)' takes no value"), "--\(option.long): \(result.stderr)")
            }
        }
    }

    /// Every conflict the table declares is refused in both orders; every requirement is enforced.
    @Test func declaredConflictsAndRequirementsAreUsageErrors() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        try sandbox.write("a.jpg", to: "list.txt")   // no separator: read alike with and without -0
        var pairs = 0
        for option in OptionTable.all {
            for other in option.conflicts.compactMap(OptionTable.named) {
                for (first, second) in [(option, other), (other, option)] {
                    let result = try sandbox.run(Self.arguments(for: first) + Self.arguments(for: second) + ["--dry-run", "a.jpg"])
                    #expect(result.status == 2, "--\(first.long) with --\(second.long): \(result.stderr)")
                    #expect(result.stderr.contains("cannot be used together"), "\(result.stderr)")
                    pairs += 1
                }
            }
            for needed in option.requires {
                let alone = ["--\(option.long)"] + (option.takesValue ? [Self.sampleValues[option.long]!] : [])
                let result = try sandbox.run(alone + ["--dry-run", "a.jpg"])
                #expect(result.status == 2 && result.stderr.contains("--\(option.long) needs --\(needed)"), "\(result.stderr)")
            }
        }
        #expect(pairs >= 20)
        #expect(sandbox.files(under: ".") == ["a.jpg", "list.txt"])
    }

    /// `--quiet --progress` is refused (rather than one silently winning), as --help says.
    @Test func quietWithProgressIsAUsageError() throws {
        let sandbox = try Sandbox()
        let result = try sandbox.run(["--quiet", "--progress", "a.jpg"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--quiet and --progress cannot be used together"), "\(result.stderr)")
        let help = try sandbox.run(["--help"]).stdoutText
        #expect(help.contains("Not with --verbose, --progress"))
    }

    /// The spellings argv allows: bundling, attached values, `=` values, `--`, raw bytes.
    @Test func everyArgumentFormParses() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "in/-dash.jpg")
        try sandbox.copy(Samples.jpeg, to: "in/sub/b.jpg")
        for form in [["-w", "96"], ["-w96"], ["--width", "96"], ["--width=96"]] {
            let result = try sandbox.run(form + ["--json", "--dry-run", "-r", "4:3", "-o", "out/", "in/-dash.jpg"])
            #expect(result.status == 0, "\(form): \(result.stderr)")
            #expect(result.jsonLines.first?["output_width"] as? Int == 96 && result.jsonLines.first?["output_height"] as? Int == 72, "\(form)")
        }
        // -Rvw96: two flags and an attached value in one word; -v prints the plan on stderr.
        let bundled = try sandbox.run(["-Rvw96", "--dry-run", "--json", "-o", "out/", "in"])
        #expect(bundled.status == 0, "\(bundled.stderr)")
        #expect(bundled.jsonLines.filter { $0["status"] as? String == "planned" }.count == 2, "-R walked in/sub")
        #expect(bundled.jsonLines.allSatisfy { $0["output_width"] == nil || $0["output_width"] as? Int == 96 })
        // After --, a name starting with '-' is an input.
        let dashed = try CommandRunner.run(["-w", "32", "-o", "../out/", "--", "-dash.jpg"], in: sandbox.url("in"))
        #expect(dashed.status == 0, "\(dashed.stderr)")
        #expect(sandbox.exists("out/-dash.jpg"))
        // Without --, the same name is an unknown option.
        let unknown = try CommandRunner.run(["-w", "32", "-dash.jpg"], in: sandbox.url("in"))
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown option '-d'"), "\(unknown.stderr)")
    }

    /// Option values are bytes: a path that is not UTF-8 reaches the file system unchanged in every
    /// spelling (`-o P`, `-oP`, `--output=P`, `--files-from=P`).
    @Test func pathValuesKeepTheirBytes() throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try sandbox.copy(Samples.jpeg, to: "a.jpg")
        let script = """
        printf 'a.jpg' > $'list\\xff.txt'
        "$ASPECTFIT" -w 16 -o $'one\\xe9/' a.jpg && "$ASPECTFIT" -w 16 -o$'two\\xe9/' a.jpg &&
        "$ASPECTFIT" -w 16 --output=$'three\\xe9/' a.jpg && "$ASPECTFIT" -w 16 --files-from=$'list\\xff.txt' -o $'four\\xe9/'
        """
        let result = try CommandRunner.shell(script, in: sandbox.root)
        #expect(result.status == 0, "\(result.stderr)")
        for folder in ["one", "two", "three", "four"] {
            var path = Array(sandbox.root.path.utf8) + Array("/\(folder)".utf8) + [0xE9] + Array("/a.jpg".utf8) + [0]
            var st = stat()
            let found = path.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &st) }
            }
            #expect(found == 0, "\(folder)\\xe9/a.jpg missing: \(sandbox.files(under: "."))")
        }
    }
}
