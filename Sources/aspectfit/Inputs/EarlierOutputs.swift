import AspectFit

/// Recognises the outputs an earlier run wrote beside its inputs (the default naming,
/// `NAME-WxH.EXT`), so a rerun in the same folder neither takes them as inputs (thumbnails of
/// thumbnails) nor stops at them: a file found by a walk is one when its name is
/// `STEM-<digits>x<digits>.EXT` with an image extension, an input of this batch in the same folder
/// has the stem `STEM`, and it carries aspectfit's mark, unchanged (`WriterMark`). A file named on
/// the command line is always an input, and so is anything the mark does not prove ours.
enum EarlierOutputs {
    /// The inputs without those earlier outputs, and how many were left out.
    static func removing(from files: [InputFile]) -> (inputs: [InputFile], removed: Int) {
        var stems: Set<PathBytes> = []
        for file in files where !file.isStandardInput && file.format != nil {
            stems.insert(file.path.parent.appending(file.path.stem))
        }
        let kept = files.filter { file in
            guard !file.named, file.format != nil, let stem = sourceStem(file.path),
                  stems.contains(file.path.parent.appending(stem)) else { return true }
            return !WriterMark.isMarked(path: file.path, following: file.viaSymlink, expecting: file.identity)
        }
        return (kept, files.count - kept.count)
    }

    /// `NAME` for a file named `NAME-WxH.EXT` (EXT an image extension aspectfit reads), else nil.
    static func sourceStem(_ path: PathBytes) -> PathBytes? {
        guard ImageFormat(fileExtension: path.fileExtension) != nil else { return nil }
        let stem = path.stem.bytes
        guard let dash = stem.lastIndex(of: UInt8(ascii: "-")), dash > 0 else { return nil }
        let size = stem[(dash + 1)...].split(separator: UInt8(ascii: "x"), omittingEmptySubsequences: false)
        let isNumber = { (part: ArraySlice<UInt8>) in !part.isEmpty && part.allSatisfy { (0x30...0x39).contains($0) } }
        guard size.count == 2, isNumber(size[0]), isNumber(size[1]) else { return nil }
        return PathBytes(stem[..<dash])
    }
}
