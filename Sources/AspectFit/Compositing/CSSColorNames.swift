/// CSS colour keywords accepted as a background: the 16 HTML basics, their common aliases and
/// the CSS names people use for page and card backgrounds (whites, grays, pastels, darks).
enum CSSColorNames {
    static let table: [String: RGBColor] = {
        let entries: [(String, UInt32)] = [
            ("black", 0x000000), ("silver", 0xC0C0C0), ("gray", 0x808080), ("grey", 0x808080),
            ("white", 0xFFFFFF), ("maroon", 0x800000), ("red", 0xFF0000), ("purple", 0x800080),
            ("fuchsia", 0xFF00FF), ("magenta", 0xFF00FF), ("green", 0x008000), ("lime", 0x00FF00),
            ("olive", 0x808000), ("yellow", 0xFFFF00), ("navy", 0x000080), ("blue", 0x0000FF),
            ("teal", 0x008080), ("aqua", 0x00FFFF), ("cyan", 0x00FFFF), ("orange", 0xFFA500),
            ("darkgray", 0xA9A9A9), ("darkgrey", 0xA9A9A9), ("lightgray", 0xD3D3D3), ("lightgrey", 0xD3D3D3),
            ("dimgray", 0x696969), ("dimgrey", 0x696969), ("gainsboro", 0xDCDCDC), ("whitesmoke", 0xF5F5F5),
            ("slategray", 0x708090), ("slategrey", 0x708090), ("lightslategray", 0x778899),
            ("lightslategrey", 0x778899), ("darkslategray", 0x2F4F4F), ("darkslategrey", 0x2F4F4F),
            ("snow", 0xFFFAFA), ("ivory", 0xFFFFF0), ("beige", 0xF5F5DC), ("linen", 0xFAF0E6),
            ("ghostwhite", 0xF8F8FF), ("floralwhite", 0xFFFAF0), ("antiquewhite", 0xFAEBD7),
            ("oldlace", 0xFDF5E6), ("seashell", 0xFFF5EE), ("mintcream", 0xF5FFFA), ("azure", 0xF0FFFF),
            ("aliceblue", 0xF0F8FF), ("lavender", 0xE6E6FA), ("honeydew", 0xF0FFF0), ("cornsilk", 0xFFF8DC),
            ("lemonchiffon", 0xFFFACD), ("wheat", 0xF5DEB3), ("tan", 0xD2B48C), ("brown", 0xA52A2A),
            ("chocolate", 0xD2691E), ("gold", 0xFFD700), ("pink", 0xFFC0CB), ("hotpink", 0xFF69B4),
            ("crimson", 0xDC143C), ("coral", 0xFF7F50), ("tomato", 0xFF6347), ("salmon", 0xFA8072),
            ("orangered", 0xFF4500), ("indigo", 0x4B0082), ("violet", 0xEE82EE), ("orchid", 0xDA70D6),
            ("plum", 0xDDA0DD), ("khaki", 0xF0E68C), ("skyblue", 0x87CEEB), ("lightblue", 0xADD8E6),
            ("steelblue", 0x4682B4), ("royalblue", 0x4169E1), ("darkblue", 0x00008B),
            ("midnightblue", 0x191970), ("turquoise", 0x40E0D0), ("darkgreen", 0x006400),
            ("forestgreen", 0x228B22), ("seagreen", 0x2E8B57), ("lightgreen", 0x90EE90),
            ("darkred", 0x8B0000), ("rebeccapurple", 0x663399),
        ]
        var table = [String: RGBColor](minimumCapacity: entries.count)
        for (name, hex) in entries {
            table[name] = RGBColor(r: UInt8(hex >> 16), g: UInt8(hex >> 8 & 0xFF), b: UInt8(hex & 0xFF))
        }
        return table
    }()
}
