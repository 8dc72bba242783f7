import CImageIO

/// Converting pixels described by an ICC profile to sRGB, in place, with LittleCMS (intent and
/// black-point compensation as README "Colour" says). Transforms are cached per distinct profile.
public enum SRGBConversion {
    /// Converts `image` from `profile`; sRGB profiles leave it as it is. Returns why the profile was
    /// not used when it cannot be (unreadable, or another colour model than the pixels'), else nil.
    public static func convert(_ image: inout PixelBuffer, from profile: [UInt8]) -> String? {
        guard image.width > 0, image.height > 0, image.width <= Int(UInt32.max), image.height <= Int(UInt32.max),
              image.bytesPerRow >= image.width * image.layout.channels,
              image.bytes.count >= image.bytesPerRow * image.height else { return nil }
        var warning = cio_message()
        let (width, height, stride) = (UInt32(image.width), UInt32(image.height), image.bytesPerRow)
        let layout = cio_layout(UInt32(image.layout.rawValue))
        _ = image.bytes.withUnsafeMutableBufferPointer { pixels in
            profile.withUnsafeBufferPointer { icc in
                cio_convert_to_srgb(pixels.baseAddress, width, height, stride, layout, icc.baseAddress, icc.count, &warning)
            }
        }
        let text = withUnsafeBytes(of: &warning.text) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return text.isEmpty ? nil : text
    }
}
