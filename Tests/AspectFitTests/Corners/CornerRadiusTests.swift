import Testing
@testable import AspectFit

@Suite struct CornerRadiusTests {
    @Test func parsesPixelsAndPercentages() throws {
        #expect(try CornerRadius(parsing: "64") == .pixels(64))
        #expect(try CornerRadius(parsing: "64px") == .pixels(64))
        #expect(try CornerRadius(parsing: " 64PX ") == .pixels(64))
        #expect(try CornerRadius(parsing: "12.5%") == .percent(12.5))
        #expect(try CornerRadius(parsing: ".5") == .pixels(0.5))
        #expect(try CornerRadius(parsing: "0") == .pixels(0))
        #expect(try CornerRadius(parsing: "100%") == .percent(100))
    }

    @Test(arguments: ["", "px", "%", "abc", "1e3", "inf", "nan", "12.5.1", "64 px", "+5", "0x10", "5%%", "5px%"])
    func rejectsGarbage(_ text: String) {
        #expect(throws: OptionError.invalidRadius(text)) { try CornerRadius(parsing: text) }
    }

    @Test func rejectsNegativeWithItsOwnMessage() {
        #expect(throws: OptionError.negativeRadius("-5")) { try CornerRadius(parsing: "-5") }
        #expect(throws: OptionError.negativeRadius("-12.5%")) { try CornerRadius(parsing: "-12.5%") }
        #expect(OptionError.negativeRadius("-5").description.contains("negative"))
        #expect(OptionError.invalidRadius("x").description.contains("12.5%"))
    }

    @Test func percentIsOfTheShortSideAndEverythingIsClamped() {
        #expect(CornerRadius.percent(10).pixels(width: 800, height: 400) == 40)
        #expect(CornerRadius.percent(10).pixels(width: 400, height: 800) == 40)
        #expect(CornerRadius.percent(50).pixels(width: 640, height: 360) == 180)   // capsule
        #expect(CornerRadius.percent(80).pixels(width: 640, height: 360) == 180)
        #expect(CornerRadius.pixels(1000).pixels(width: 101, height: 300) == 50.5)
        #expect(CornerRadius.pixels(20).pixels(width: 101, height: 300) == 20)
        #expect(CornerRadius.pixels(-3).pixels(width: 10, height: 10) == 0)
        #expect(CornerRadius.pixels(.nan).pixels(width: 10, height: 10) == 0)
        #expect(CornerRadius.pixels(.infinity).pixels(width: 10, height: 10) == 5)
    }

    @Test func parsesCornerStyles() throws {
        #expect(try CornerStyle(parsing: "Continuous") == .continuous)
        #expect(try CornerStyle(parsing: "circular") == .circular)
        #expect(throws: OptionError.invalidCornerStyle("squircle")) { try CornerStyle(parsing: "squircle") }
    }
}
