import Foundation
import Testing
import TestSupport

/// The progress bar fits the terminal: on a narrow pane every redraw stays within the width, so
/// nothing wraps and `\r` + erase-line leaves no debris. The terminal is a real pseudo-terminal
/// (`script` from util-linux) sized with `stty`.
@Suite struct ProgressWidthTests {
    @Test(arguments: [25, 12, 7, 200])
    func theBarFitsTheTerminalWidth(columns: Int) throws {
        guard try Corpus.require() else { return }
        let sandbox = try Sandbox()
        try SignalTests.links(sandbox, to: Samples.jpeg, count: 40)
        let command = "stty cols \(columns) rows 20; \"$ASPECTFIT\" --progress -j 2 -r 1:1 -w 16 -o out/ in"
        let (process, out, err) = try CommandRunner.start(["-qec", command, "/dev/null"], in: sandbox.root,
                                                          executable: ExternalTool.url("script"))
        let result = CommandRunner.finish(process, out, err)
        #expect(result.status == 0, "\(result.stderr)")
        let screen = result.stdoutText.replacingOccurrences(of: "\u{1B}[K", with: "")
        let draws = screen.split(whereSeparator: { $0 == "\r" || $0 == "\n" }).filter { $0.first?.isNumber == true }
        #expect(draws.contains { $0.hasPrefix("40/40") }, "\(screen.debugDescription)")
        for draw in draws {
            #expect(draw.count <= columns - 1, "'\(draw)' is wider than \(columns - 1) columns")
        }
        if columns >= 25 { #expect(draws.allSatisfy { $0.contains("[") }, "the bar is kept while it fits") }
        #expect(sandbox.files(under: "out").count == 40)
    }
}
