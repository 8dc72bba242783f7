import Foundation
import Testing
import TestSupport
@testable import aspectfit

/// `scripts/install.sh` into a temporary prefix with the binary under test: the files land where
/// packagers expect, `man -l` renders the page, and each shell's completion parses and completes.
/// Needs man-db, groff-base, zsh and fish (ExternalTool; `bash scripts/test` installs them).
@Suite(.serialized) struct InstallTests {
    /// The installed tree, made once per test.
    struct Installed {
        let sandbox: Sandbox
        let root: URL
        var bin: URL { root.appendingPathComponent("bin/aspectfit") }
        var manPage: URL { root.appendingPathComponent("share/man/man1/aspectfit.1") }
        var bash: URL { root.appendingPathComponent("share/bash-completion/completions/aspectfit") }
        var zshDirectory: URL { root.appendingPathComponent("share/zsh/site-functions") }
        var zsh: URL { zshDirectory.appendingPathComponent("_aspectfit") }
        var fish: URL { root.appendingPathComponent("share/fish/vendor_completions.d/aspectfit.fish") }

        init() throws {
            sandbox = try Sandbox()
            root = sandbox.url("prefix")
            let result = try Self.script(["--prefix", root.path])
            #expect(result.status == 0, "\(result.stderr)")
        }

        static func script(_ arguments: [String]) throws -> CommandRunner.Result {
            let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
            return try CommandRunner.shell("bash scripts/install.sh \(quoted) --binary \"$ASPECTFIT\"", in: Corpus.projectRoot)
        }

        /// Runs a shell script (bash) in the sandbox, killed after two minutes so a hung shell fails
        /// the test instead of blocking the suite.
        func shell(_ script: String) throws -> CommandRunner.Result {
            try CommandRunner.shell("timeout -k 5 120 bash -c \(Self.quoted(script))", in: sandbox.root)
        }

        static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    }

    @Test func installsTheBinaryThePageAndTheCompletions() throws {
        let installed = try Installed()
        for file in [installed.bin, installed.manPage, installed.bash, installed.zsh, installed.fish] {
            #expect(FileManager.default.fileExists(atPath: file.path), "\(file.path) missing")
        }
        #expect(try Bytes(Data(contentsOf: installed.bin)) == Bytes(Data(contentsOf: CommandRunner.binary)))
        let version = try CommandRunner.run(["--version"], in: installed.sandbox.root, stdin: nil)
        let installedVersion = try installed.shell("\(Installed.quoted(installed.bin.path)) --version")
        #expect(installedVersion.status == 0 && installedVersion.stdoutText == version.stdoutText)
        let mode = try FileManager.default.attributesOfItem(atPath: installed.bin.path)[.posixPermissions] as? Int
        #expect(mode == 0o755)
    }

    /// DESTDIR staging: everything under DESTDIR/PREFIX, nothing at PREFIX itself.
    @Test func destdirStagesUnderThePrefix() throws {
        let sandbox = try Sandbox()
        let prefix = "/opt/aspectfit-staged-\(UUID().uuidString)"
        let result = try Installed.script(["--prefix", prefix, "--destdir", sandbox.url("stage").path])
        #expect(result.status == 0, "\(result.stderr)")
        let staged = sandbox.files(under: "stage").sorted()
        let expected = ["bin/aspectfit", "share/bash-completion/completions/aspectfit", "share/fish/vendor_completions.d/aspectfit.fish",
                        "share/man/man1/aspectfit.1", "share/zsh/site-functions/_aspectfit"].map { String(prefix.dropFirst()) + "/" + $0 }
        #expect(staged == expected.sorted())
        #expect(!FileManager.default.fileExists(atPath: prefix))
    }

    @Test func badArgumentsAreRefused() throws {
        for arguments in [["--prefix", "relative/path"], ["--bogus"], ["--prefix"]] {
            let result = try Installed.script(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
        }
    }

    /// `man -l` renders the page without a groff warning, with every option of the table.
    @Test func theManPageRendersWithEveryOption() throws {
        let installed = try Installed()
        let page = Installed.quoted(installed.manPage.path)
        let man = try ExternalTool.path("man"), groff = try ExternalTool.path("groff"), lexgrog = try ExternalTool.path("lexgrog")
        let rendered = try installed.shell("MANWIDTH=100 \(man) -l \(page)")
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stderr.isEmpty, "\(rendered.stderr)")
        let text = rendered.stdoutText
        for title in ["NAME", "SYNOPSIS", "DESCRIPTION", "EXIT STATUS", "EXAMPLES"] + OptionDeclaration.Section.allCases.map(\.title) {
            #expect(text.contains("\n" + title + "\n"), "no section \(title)")
        }
        for option in OptionTable.documented {
            let heading = (option.short.map { "-\($0), " } ?? "") + "--\(option.long)" + (option.valueName.map { " \($0)" } ?? "")
            #expect(text.contains(heading), "the page lacks \(heading)")
        }
        #expect(!text.contains("--generate-"))
        let warnings = try installed.shell("\(groff) -man -ww -z \(page)")
        #expect(warnings.status == 0 && warnings.stderr.isEmpty, "groff: \(warnings.stderr)")
        let whatis = try installed.shell("\(lexgrog) \(page)")
        #expect(whatis.stdoutText.contains("aspectfit - fit photos"), "the NAME line: \(whatis.stdoutText) \(whatis.stderr)")
    }

    @Test func eachCompletionScriptPassesItsShellsSyntaxCheck() throws {
        let installed = try Installed()
        for (shell, file) in [("bash", installed.bash), ("zsh", installed.zsh), ("fish", installed.fish)] {
            let result = try installed.shell("\(try ExternalTool.path(shell)) -n \(Installed.quoted(file.path))")
            #expect(result.status == 0 && result.stderr.isEmpty, "\(shell): \(result.stderr)")
        }
    }

    /// bash's completion function, driven as readline would: COMP_WORDS and COMP_CWORD.
    @Test func bashCompletesOptionsAndValues() throws {
        let installed = try Installed()
        try installed.sandbox.write("", to: "photo one.jpg")
        func complete(_ words: [String]) throws -> [String] {
            let array = words.map { Installed.quoted($0) }.joined(separator: " ")
            let result = try installed.shell("""
            source \(Installed.quoted(installed.bash.path))
            COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _aspectfit; printf '%s\\n' "${COMPREPLY[@]}"
            """)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdoutText.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["aspectfit", "--ra"]).sorted() == ["--radius", "--ratio"])
        #expect(try complete(["aspectfit", "--rat"]) == ["--ratio"])
        #expect(try complete(["aspectfit", "-w", "64", "--rat"]) == ["--ratio"])
        #expect(try complete(["aspectfit", "--ratio", "fo"]).sorted() == ["fourToFive", "fourToThree"])
        #expect(try complete(["aspectfit", "--ratio", "=", "sq"]) == ["square"])
        #expect(try complete(["aspectfit", "-g", "north"]).sorted() == ["north", "northEast", "northWest"])
        #expect(try complete(["aspectfit", "--format", ""]).sorted() == ["auto", "avif", "gif", "jpeg", "png", "webp"])
        #expect(try complete(["aspectfit", "-w", ""]) == [])
        #expect(try complete(["aspectfit", "-o", "pho"]) == ["photo one.jpg"])
        #expect(try complete(["aspectfit", "-r", "4:3", "pho"]) == ["photo one.jpg"])
        #expect(try complete(["aspectfit", "--", "-"]) == [])
        let all = try complete(["aspectfit", "-"])
        for option in OptionTable.all {
            #expect(all.contains("--\(option.long)") == !option.hidden, "--\(option.long)")
            if let letter = option.short { #expect(all.contains("-\(letter)") == !option.hidden, "-\(letter)") }
        }
        // Each kind of value: its words, the files (the sandbox holds one), or nothing to offer.
        for option in OptionTable.documented where option.takesValue {
            let offered = try complete(["aspectfit", "--\(option.long)", ""]).sorted()
            switch option.completion {
            case .words(let words): #expect(offered == words.sorted(), "--\(option.long)")
            case .path: #expect(offered.contains("photo one.jpg"), "--\(option.long): \(offered)")
            case .none: #expect(offered.isEmpty, "--\(option.long): \(offered)")
            }
        }
    }

    /// zsh's real completion system (compinit) in an interactive zsh on a pseudo-terminal: typing
    /// `aspectfit --rat<Tab>sq<Tab><Enter>` runs `aspectfit --ratio=square`.
    @Test func zshCompletesOptionsAndValues() throws {
        let installed = try Installed()
        func typed(_ keys: String) throws -> String {
            let script = """
            zmodload zsh/zpty
            zpty -b z 'zsh -f -i'
            zpty -w z "fpath=(\(installed.zshDirectory.path) \\$fpath); autoload -Uz compinit; compinit -u -D; aspectfit() { print -r -- \\"RES\\"\\"ULT<\\$*>\\" }"
            zpty -w z $'\(keys)'
            zpty -r z line '*RESULT<*>*'
            print -r -- "${${line##*RESULT<}%%>*}"
            zpty -d z
            """
            try installed.sandbox.write(script, to: "typed.zsh")
            let result = try installed.shell("\(try ExternalTool.path("zsh")) -f typed.zsh")
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try typed("aspectfit --rat\\tsq\\t") == "--ratio=square")
        #expect(try typed("aspectfit -w 64 --filt\\tcatm\\t") == "-w 64 --filter=catmull-rom")
        #expect(try typed("aspectfit --no-enl\\t") == "--no-enlarge")
    }

    /// fish's own completion engine: `complete -C` lists what a Tab would offer.
    @Test func fishCompletesOptionsAndValues() throws {
        let installed = try Installed()
        func complete(_ line: String) throws -> [String] {
            let result = try installed.shell("\(try ExternalTool.path("fish")) --no-config -c \(Installed.quoted("source \(installed.fish.path); complete -C \(Installed.quoted(line))"))")
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdoutText.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try complete("aspectfit --ra").sorted() == ["--radius", "--ratio"])
        #expect(try complete("aspectfit --rat") == ["--ratio"])
        #expect(try complete("aspectfit --format ").sorted() == ["auto", "avif", "gif", "jpeg", "png", "webp"])
        #expect(try complete("aspectfit --corners c").sorted() == ["circular", "continuous"])
        let all = try complete("aspectfit --")
        for option in OptionTable.all { #expect(all.contains("--\(option.long)") == !option.hidden, "--\(option.long)") }
        for option in OptionTable.documented {
            guard case .words(let words) = option.completion else { continue }
            #expect(try complete("aspectfit --\(option.long) ").sorted() == words.sorted(), "--\(option.long)")
        }
    }
}
