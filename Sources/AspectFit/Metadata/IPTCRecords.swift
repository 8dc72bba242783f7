/// IPTC IIM records (as `ImageInfo.iptc`: datasets of 0x1C, record, dataset, a 16-bit length, data).
public enum IPTCRecords {
    /// The datasets kept by `rightsOnly`: 2:80 By-line, 2:110 Credit, 2:115 Source, 2:116 Copyright
    /// Notice, with 1:90 (the character set) and 2:0 (the record version) that give them meaning.
    public static let rightsDatasets: Set<[UInt8]> = [[2, 80], [2, 110], [2, 115], [2, 116]]
    private static let framing: Set<[UInt8]> = [[1, 90], [2, 0]]

    /// Only the rights datasets (and their framing), in the source's order; nil when it has none of
    /// them or a dataset is malformed (extended lengths included: no rights field needs one).
    public static func rightsOnly(_ records: [UInt8]) -> [UInt8]? {
        var kept: [UInt8] = []
        var rights = false
        var at = 0
        while at < records.count {
            guard records[at] == 0x1C, at + 5 <= records.count else { return nil }
            let id = [records[at + 1], records[at + 2]]
            let length = Int(records[at + 3]) << 8 | Int(records[at + 4])
            guard length < 0x8000, at + 5 + length <= records.count else { return nil }
            if rightsDatasets.contains(id) || framing.contains(id) { kept += records[at..<at + 5 + length] }
            rights = rights || rightsDatasets.contains(id)
            at += 5 + length
        }
        return rights ? kept : nil
    }
}
