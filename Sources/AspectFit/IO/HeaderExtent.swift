/// How many leading bytes of a file `ImageFile.probe` needs, so a batch can plan 100,000 files
/// from their headers without reading whole images.
public enum HeaderExtent: Sendable, Equatable {
    /// The header ends within the first `count` bytes: probing them gives what probing the whole file gives.
    case complete(Int)
    /// The bytes end inside the header: read at least this many and ask again.
    case needsAtLeast(Int)
    /// Only the whole file will do: a PNG may carry its eXIf chunk after the image data, and a JPEG
    /// whose markers this walk does not follow is left to the decoder.
    case wholeFile
}

extension ImageFile {
    /// Where the header of the image starting with `prefix` ends. A JPEG's header is every marker
    /// segment up to and including the start-of-scan segment (EXIF, ICC and the frame header come
    /// before it); that is all `probe` reads.
    public static func headerExtent(of prefix: [UInt8]) -> HeaderExtent {
        let format = format(ofPrefix: prefix)
        if format == nil && prefix.count < signatureLength { return .needsAtLeast(signatureLength) }
        guard format == .jpeg else { return .wholeFile }
        var i = 2
        while true {
            guard i + 4 <= prefix.count else { return .needsAtLeast(i + 4) }
            guard prefix[i] == 0xFF else { return .wholeFile }   // bytes between segments: the decoder's call
            let marker = prefix[i + 1]
            switch marker {
            case 0xFF: i += 1                                     // fill byte
            case 0x01, 0xD0...0xD8: i += 2                        // segments without a length
            case 0xD9: return .wholeFile                          // end of image before any scan
            default:
                let length = Int(prefix[i + 2]) << 8 | Int(prefix[i + 3])
                guard length >= 2 else { return .wholeFile }
                let end = i + 2 + length
                if marker == 0xDA { return end <= prefix.count ? .complete(end) : .needsAtLeast(end) }
                i = end
            }
        }
    }
}
