/// A mistake in the command line (or a batch that cannot be done as asked), found before any
/// work starts: the tool prints the message(s) and exits 2 without writing anything.
struct UsageError: Error, CustomStringConvertible {
    var lines: [String]
    var description: String { lines.joined(separator: "\n") }

    init(_ message: String) { lines = [message] }
    init(lines: [String]) { self.lines = lines }
}
