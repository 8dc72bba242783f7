/// Edits of an XMP packet (UTF-8 RDF/XML, as `ImageInfo.xmp`) that must follow the pixels.
///
/// Properties are found by their usual prefixes (tiff:, exif:, dc:, xmpRights:, photoshop:, xmp:)
/// in either RDF form, an attribute (`tiff:Orientation="6"`) or an element
/// (`<tiff:Orientation>6</tiff:Orientation>`), as every common writer spells them.
public enum XMPPacket {
    /// The packet made true for an upright `width` x `height` output: tiff:Orientation 1, the
    /// size properties (exif:PixelXDimension/PixelYDimension, tiff:ImageWidth/ImageLength) set to
    /// the output's, and the embedded preview (xmp:Thumbnails) of the source's pixels removed.
    public static func rewritten(_ packet: [UInt8], width: Int, height: Int) -> [UInt8] {
        var text = packet
        for (name, value) in [("tiff:Orientation", 1), ("exif:PixelXDimension", width), ("exif:PixelYDimension", height),
                              ("tiff:ImageWidth", width), ("tiff:ImageLength", height)] {
            text = replacingValues(of: Array(name.utf8), with: Array(String(value).utf8), in: text)
        }
        while let range = elementRange(of: Array("xmp:Thumbnails".utf8), in: text) { text.removeSubrange(range) }
        return text
    }

    /// The rights and creator properties a site shows, in a new packet of their own.
    public static let rightsProperties = ["dc:rights", "dc:creator", "xmpRights:Marked", "xmpRights:WebStatement",
                                          "xmpRights:UsageTerms", "xmpRights:Owner", "xmpRights:Certificate",
                                          "photoshop:Credit", "photoshop:Source"]

    /// A new packet holding only `rightsProperties` as the source spells them; nil when it has none.
    public static func rightsOnly(_ packet: [UInt8]) -> [UInt8]? {
        var attributes: [UInt8] = [], elements: [UInt8] = []
        for name in rightsProperties.map({ Array($0.utf8) }) {
            if let range = elementRange(of: name, in: packet) {
                elements += Array("\n   ".utf8) + packet[range]
            } else if let range = attributeRange(of: name, in: packet) {
                attributes += Array("\n   ".utf8) + packet[range]
            }
        }
        guard !(attributes.isEmpty && elements.isEmpty) else { return nil }
        let head = "<?xpacket begin=\"\u{FEFF}\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
            + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
            + "  <rdf:Description rdf:about=\"\"\n   xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
            + "\n   xmlns:xmpRights=\"http://ns.adobe.com/xap/1.0/rights/\"\n   xmlns:photoshop=\"http://ns.adobe.com/photoshop/1.0/\""
        let tail = "\n  </rdf:Description>\n </rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>"
        return Array(head.utf8) + attributes + Array(">".utf8) + elements + Array(tail.utf8)
    }

    /// `text` with every attribute and simple element value of `name` replaced by `value`.
    static func replacingValues(of name: [UInt8], with value: [UInt8], in text: [UInt8]) -> [UInt8] {
        var result = text
        var from = 0
        while let at = find(name, in: result, from: from) {
            var end = at + name.count
            from = end
            guard at > 0, end < result.count else { continue }
            let before = result[at - 1]
            if before == UInt8(ascii: "<"), result[end] == UInt8(ascii: ">") {
                // element: <name>value</name>
                guard let close = find([UInt8(ascii: "<")], in: result, from: end + 1) else { continue }
                result.replaceSubrange(end + 1..<close, with: value)
                from = end + 1 + value.count
            } else if isSpace(before), result[end] == UInt8(ascii: "=") {
                // attribute: name="value" or name='value'
                end += 1
                guard end < result.count, result[end] == UInt8(ascii: "\"") || result[end] == UInt8(ascii: "'"),
                      let close = find([result[end]], in: result, from: end + 1) else { continue }
                result.replaceSubrange(end + 1..<close, with: value)
                from = end + 1 + value.count
            }
        }
        return result
    }

    /// The whole element `<name ...>...</name>` or `<name .../>`.
    static func elementRange(of name: [UInt8], in text: [UInt8]) -> Range<Int>? {
        var from = 0
        while let at = find([UInt8(ascii: "<")] + name, in: text, from: from) {
            let end = at + 1 + name.count
            from = end
            guard end < text.count, text[end] == UInt8(ascii: ">") || text[end] == UInt8(ascii: "/") || isSpace(text[end]),
                  let tagEnd = find([UInt8(ascii: ">")], in: text, from: end) else { continue }
            if text[tagEnd - 1] == UInt8(ascii: "/") { return at..<tagEnd + 1 }
            guard let close = find(Array("</".utf8) + name + [UInt8(ascii: ">")], in: text, from: tagEnd) else { return nil }
            return at..<close + name.count + 3
        }
        return nil
    }

    /// The attribute `name="value"` (quotes included).
    static func attributeRange(of name: [UInt8], in text: [UInt8]) -> Range<Int>? {
        var from = 0
        while let at = find(name, in: text, from: from) {
            let equals = at + name.count
            from = equals
            guard at > 0, isSpace(text[at - 1]), equals + 1 < text.count, text[equals] == UInt8(ascii: "="),
                  text[equals + 1] == UInt8(ascii: "\"") || text[equals + 1] == UInt8(ascii: "'"),
                  let close = find([text[equals + 1]], in: text, from: equals + 2) else { continue }
            return at..<close + 1
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    /// The first position of `needle` in `text` at or after `from`.
    private static func find(_ needle: [UInt8], in text: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, from >= 0, text.count >= needle.count else { return nil }
        var i = from
        while i <= text.count - needle.count {
            if text[i] == needle[0], text[i..<i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
