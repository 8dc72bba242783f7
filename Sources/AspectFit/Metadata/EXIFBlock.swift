import CImageIO

/// Edits of an EXIF block (TIFF bytes, as `ImageInfo.exif`) that must follow the pixels.
public enum EXIFBlock {
    /// The block with its orientation tag set to `orientation` (unchanged when it has none), so
    /// metadata kept on pixels that were turned upright does not turn them again in a viewer.
    public static func setting(_ orientation: Orientation, in block: [UInt8]) -> [UInt8] {
        var copy = block
        copy.withUnsafeMutableBufferPointer { _ = cio_exif_set_orientation($0.baseAddress, $0.count, Int32(orientation.rawValue)) }
        return copy
    }
}
