import AspectFit

/// Checks of option values. Each failure is a `UsageError` without the option's name: the parser
/// puts "--name: " in front, so every option reports the same way.
extension OptionValue {
    /// A whole number in `range`.
    func integer(in range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let n = Int(text), range.contains(n) else {
            let bound = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "\(range.lowerBound)...\(range.upperBound)"
            throw UsageError("invalid value '\(text)' (expected an integer \(bound))")
        }
        return n
    }

    /// The value parsed by a library type; its error message becomes the usage error.
    func parsed<T>(by parse: (String) throws -> T) throws(UsageError) -> T {
        do { return try parse(text) } catch { throw UsageError("\(error)") }
    }
}
