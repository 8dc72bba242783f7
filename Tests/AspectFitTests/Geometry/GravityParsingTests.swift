import Testing
@testable import AspectFit

@Suite struct GravityParsingTests {
    @Test(arguments: [
        ("centre", Gravity.centre), ("center", .centre), ("CENTER", .centre), ("c", .centre),
        ("n", .north), ("north", .north), ("top", .north), ("North", .north),
        ("s", .south), ("south", .south), ("bottom", .south),
        ("e", .east), ("east", .east), ("right", .east),
        ("w", .west), ("west", .west), ("left", .west),
        ("ne", .northEast), ("NE", .northEast), ("north-east", .northEast), ("northeast", .northEast),
        ("northEast", .northEast), ("north_east", .northEast), ("top-right", .northEast),
        ("nw", .northWest), ("north-west", .northWest), ("northWest", .northWest), ("top-left", .northWest),
        ("se", .southEast), ("south-east", .southEast), ("southEast", .southEast), ("bottom-right", .southEast),
        ("sw", .southWest), ("south-west", .southWest), ("southwest", .southWest), ("bottom-left", .southWest),
        (" north ", .north), ("attention", .attention), ("Attention", .attention), ("entropy", .entropy),
    ])
    func acceptsCompassNames(_ text: String, _ expected: Gravity) throws {
        #expect(try Gravity(parsing: text) == expected)
    }

    @Test func everyNamedGravityRoundTrips() throws {
        #expect(Gravity.named.count == 11)
        for (name, gravity) in Gravity.named {
            #expect(try Gravity(parsing: name) == gravity)
            #expect(gravity.description == name)
        }
    }

    @Test(arguments: ["", "up", "middle-ish", "nne", "0.3,0.7", "north east west", "focus"])
    func rejectsUnknownNames(_ text: String) {
        #expect(throws: OptionError.self) { try Gravity(parsing: text) }
        let message = GravityError.unrecognised(text).description
        for form in ["centre", "center", "north", "n,", "top", "northEast", "ne", "north-east", "southWest"] {
            #expect(message.contains(form), "\(message) lacks \(form)")
        }
    }

    @Test(arguments: [("0.3,0.7", 0.3, 0.7), ("0,1", 0, 1), (" 0.5 , 0.25 ", 0.5, 0.25), ("1,0", 1, 0), (".5,.5", 0.5, 0.5)])
    func parsesFocus(_ text: String, _ x: Double, _ y: Double) throws {
        #expect(try Gravity(focusParsing: text) == .focus(x: x, y: y))
    }

    @Test(arguments: [
        ("0.3", GravityError.malformedFocus("0.3")), ("", .malformedFocus("")), ("a,b", .malformedFocus("a,b")),
        ("nan,0.5", .malformedFocus("nan,0.5")), ("0.3,0.7,0.1", .malformedFocus("0.3,0.7,0.1")),
        ("0.3;0.7", .malformedFocus("0.3;0.7")), ("1.2,0.5", .focusOutOfRange("1.2,0.5")),
        ("-0.1,0.5", .focusOutOfRange("-0.1,0.5")), ("0.5,2", .focusOutOfRange("0.5,2")),
    ])
    func rejectsBadFocus(_ text: String, _ expected: GravityError) {
        #expect(throws: OptionError.gravity(expected)) { try Gravity(focusParsing: text) }
        #expect(expected.description.contains("0.3,0.7"))
    }

    @Test func americanSpellingIsTheSameGravity() {
        #expect(Gravity.center == .centre)
        #expect(Gravity.center.description == "centre")
    }

    @Test func focusDescription() {
        #expect(Gravity.focus(x: 0.3, y: 0.7).description == "focus 0.3,0.7")
    }
}
