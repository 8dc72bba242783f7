/// What the dynamic loader writes on stderr with `LD_DEBUG=files`: which libraries a run opened.
enum LoaderTrace {
    /// Every library the loader mapped (its "generating link map" lines), as it was named.
    static func openedLibraries(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "file="), line.contains("generating link map") else { return nil }
            return String(line[range.upperBound...].prefix { $0 != " " })
        }
    }

    /// The path the loader opened for the first library whose name contains `name` (its "opening file="
    /// line), or nil.
    static func openedPath(of name: String, in stderr: String) -> String? {
        guard let line = stderr.split(separator: "\n").first(where: { $0.contains("opening file=") && $0.contains(name) }),
              let range = line.range(of: "opening file=") else { return nil }
        return String(line[range.upperBound...].prefix { $0 != " " && $0 != ";" })
    }
}
