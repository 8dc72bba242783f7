import Testing
@testable import AspectFit

@Suite struct RGBColorTests {
    @Test func parsesHexInAllForms() throws {
        #expect(try RGBColor(parsing: "#fff") == .white)
        #expect(try RGBColor(parsing: "FFF") == .white)
        #expect(try RGBColor(parsing: " #fff ") == .white)
        #expect(try RGBColor(parsing: "#1a2") == RGBColor(r: 0x11, g: 0xAA, b: 0x22))
        #expect(try RGBColor(parsing: "#FF8000") == RGBColor(r: 255, g: 128, b: 0))
        #expect(try RGBColor(parsing: "ff8000") == RGBColor(r: 255, g: 128, b: 0))
        #expect(try RGBColor(parsing: "#0a0B0c") == RGBColor(r: 10, g: 11, b: 12))
    }

    @Test func parsesCSSNamesIgnoringCase() throws {
        #expect(try RGBColor(parsing: "White") == .white)
        #expect(try RGBColor(parsing: "BLACK") == .black)
        #expect(try RGBColor(parsing: "red") == RGBColor(r: 255, g: 0, b: 0))
        #expect(try RGBColor(parsing: "green") == RGBColor(r: 0, g: 128, b: 0))
        #expect(try RGBColor(parsing: "grey") == RGBColor(parsing: "gray"))
        #expect(try RGBColor(parsing: "silver") == RGBColor(r: 192, g: 192, b: 192))
        #expect(try RGBColor(parsing: "RebeccaPurple") == RGBColor(r: 0x66, g: 0x33, b: 0x99))
        #expect(try RGBColor(parsing: "whitesmoke") == RGBColor(r: 245, g: 245, b: 245))
        #expect(CSSColorNames.table.count == 148)
    }

    /// CSS Color 4's forms, values worked out by hand from the specification: channels n/255 or
    /// p% of 255, alpha a or p% of 255, each rounded.
    @Test(arguments: [
        ("#ff800080", RGBColor(r: 255, g: 128, b: 0, a: 128)), ("#f808", RGBColor(r: 255, g: 136, b: 0, a: 136)),
        ("rgb(255, 128, 0)", RGBColor(r: 255, g: 128, b: 0)), ("rgb(255 128 0)", RGBColor(r: 255, g: 128, b: 0)),
        ("RGBA(255, 128, 0, 0.5)", RGBColor(r: 255, g: 128, b: 0, a: 128)), ("rgb(255 128 0 / 25%)", RGBColor(r: 255, g: 128, b: 0, a: 64)),
        ("rgb(100% 50% 0%)", RGBColor(r: 255, g: 128, b: 0)), ("rgba(0,0,0,0)", .transparent),
        ("rgb(12.4 12.6 0)", RGBColor(r: 12, g: 13, b: 0)), ("transparent", RGBColor(r: 0, g: 0, b: 0, a: 0)),
    ] as [(String, RGBColor)])
    func parsesAlphaAndFunctionalForms(_ text: String, _ colour: RGBColor) throws {
        #expect(try RGBColor(parsing: text) == colour)
    }

    @Test func translucentColoursOverOpaqueOnesAndDescribeThemselves() {
        #expect(RGBColor(r: 0, g: 0, b: 255, a: 128).over(.white) == RGBColor(r: 127, g: 127, b: 255))
        #expect(RGBColor.transparent.over(.white) == .white)
        #expect(RGBColor(r: 255, g: 128, b: 0, a: 128).description == "#ff800080")
        #expect(RGBColor(r: 255, g: 128, b: 0).description == "#ff8000")
    }

    @Test(arguments: ["", "#", "#ff", "#12345", "#1234567", "#gggggg", "bluish", "rgb(0,0)", "rgb(256,0,0)", "rgb(0,0,0,2)",
                      "rgb(0 0 0 / 101%)", "rgb(0,0,0", "rgba(-1,0,0,1)", "rgb(1e2,0,0)", "# fff", "light gray"])
    func rejectsGarbage(_ text: String) {
        #expect(throws: OptionError.invalidColor(text)) { try RGBColor(parsing: text) }
    }

    @Test func lumaAndDescription() throws {
        #expect(RGBColor.white.luma == 255)
        #expect(RGBColor.black.luma == 0)
        #expect(RGBColor(r: 255, g: 0, b: 0).luma == 76)     // 0.299 * 255 = 76.2
        #expect(RGBColor(r: 0, g: 255, b: 0).luma == 150)    // 0.587 * 255 = 149.7
        #expect(RGBColor(r: 255, g: 128, b: 0).description == "#ff8000")
        let orange = RGBColor(r: 255, g: 165, b: 0)
        #expect(try RGBColor(parsing: orange.description) == orange)
    }
}
