extension Filter {
    /// Filter names accepted by `init(parsing:)`, one alias list per filter.
    static let names: [(Filter, [String])] = [
        (.lanczos3, ["lanczos3", "lanczos"]),
        (.lanczos2, ["lanczos2"]),
        (.mitchell, ["mitchell"]),
        (.catmullRom, ["catmull-rom", "catmullrom"]),
        (.bilinear, ["bilinear", "linear", "triangle"]),
        (.box, ["box"]),
        (.nearest, ["nearest"]),
    ]

    /// Parses a filter name (case-insensitive), e.g. "lanczos3", "catmull-rom", "linear".
    public init(parsing name: String) throws(OptionError) {
        let key = name.lowercased()
        guard let match = Filter.names.first(where: { $0.1.contains(key) }) else { throw .unknownFilter(name) }
        self = match.0
    }
}
