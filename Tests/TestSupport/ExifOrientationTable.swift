/// The EXIF 2.32 orientation table, written out independently of `Orientation`: where stored pixel
/// (x, y) of a `width` x `height` image shows once the image is upright, for orientation 1...8.
public enum ExifOrientationTable {
    public static func upright(exif: Int, x: Int, y: Int, width w: Int, height h: Int) -> (x: Int, y: Int) {
        switch exif {
        case 2: (w - 1 - x, y)
        case 3: (w - 1 - x, h - 1 - y)
        case 4: (x, h - 1 - y)
        case 5: (y, x)
        case 6: (h - 1 - y, x)
        case 7: (h - 1 - y, w - 1 - x)
        case 8: (y, w - 1 - x)
        default: (x, y)
        }
    }
}
