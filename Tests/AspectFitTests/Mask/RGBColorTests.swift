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
        #expect(CSSColorNames.table.count >= 80)
    }

    @Test(arguments: ["", "#", "#ff", "#ffff", "#12345", "#1234567", "#gggggg", "bluish", "rgb(0,0,0)", "# fff", "light gray"])
    func rejectsGarbage(_ text: String) {
        #expect(throws: OptionError.invalidColor(text)) { try RGBColor(parsing: text) }
    }

    @Test func transparentIsRefusedWithAHintAboutPNG() {
        #expect(throws: OptionError.transparentBackground) { try RGBColor(parsing: "Transparent") }
        #expect(OptionError.transparentBackground.description.contains("PNG"))
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
