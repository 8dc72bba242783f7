import Testing
@testable import AspectFit

@Suite struct AspectRatioParsingTests {
    @Test(arguments: [
        ("4:3", 4.0, 3.0), ("4x3", 4, 3), ("4X3", 4, 3), ("4/3", 4, 3), ("16:9", 16, 9), ("1.5", 1.5, 1),
        ("1.91:1", 1.91, 1), (" 3:2 ", 3, 2), ("4 : 3", 4, 3), ("21x9", 21, 9), ("1:1000", 1, 1000), ("1000", 1000, 1),
    ])
    func acceptsNumericForms(_ text: String, _ w: Double, _ h: Double) throws {
        let ratio = try AspectRatio(parsing: text)
        #expect(ratio.width == w && ratio.height == h)
    }

    @Test(arguments: [
        ("square", AspectRatio.square), ("SQUARE", .square), ("fourToThree", .fourToThree),
        ("four-to-three", .fourToThree), ("fourtothree", .fourToThree), ("FOUR_TO_THREE", .fourToThree),
        ("threeToFour", .threeToFour), ("sixteenToNine", .sixteenToNine), ("nine-to-sixteen", .nineToSixteen),
        ("threeToTwo", .threeToTwo), ("twoToThree", .twoToThree), ("fiveToFour", .fiveToFour),
        ("fourToFive", .fourToFive), ("twentyOneToNine", .twentyOneToNine), ("og", .openGraph),
        ("OG", .openGraph), ("openGraph", .openGraph), ("open-graph", .openGraph),
    ])
    func acceptsNames(_ text: String, _ expected: AspectRatio) throws {
        let ratio = try AspectRatio(parsing: text)
        #expect(ratio == expected)
        #expect(ratio.description == expected.description)
    }

    @Test func everyNamedRatioParsesFromItsName() throws {
        #expect(AspectRatio.named.count == 11)
        for (name, ratio) in AspectRatio.named {
            #expect(try AspectRatio(parsing: name) == ratio)
            #expect(try AspectRatio(parsing: ratio.description) == ratio)
        }
    }

    @Test(arguments: [
        ("", AspectRatioError.empty), ("   ", .empty),
        ("0:3", .notPositive("0:3")), ("1:0", .notPositive("1:0")), ("-1", .notPositive("-1")),
        ("-4:3", .notPositive("-4:3")), ("0", .notPositive("0")),
        ("abc", .unrecognised("abc")), ("nan", .unrecognised("nan")), ("inf", .unrecognised("inf")),
        ("infinity", .unrecognised("infinity")), ("4:3:2", .unrecognised("4:3:2")), ("4-3", .unrecognised("4-3")),
        ("1e3", .unrecognised("1e3")), ("0x10", .notPositive("0x10")), (":", .unrecognised(":")),
        ("4:", .unrecognised("4:")), ("1.2.3", .unrecognised("1.2.3")), ("4 : 3x", .unrecognised("4 : 3x")),
        ("1001:1", .outOfRange("1001:1")), ("1:1001", .outOfRange("1:1001")), ("100000", .outOfRange("100000")),
    ])
    func rejects(_ text: String, _ expected: AspectRatioError) {
        #expect(throws: OptionError.ratio(expected)) { try AspectRatio(parsing: text) }
    }

    @Test func errorMessagesListTheAcceptedForms() {
        for error in [AspectRatioError.empty, .unrecognised("abc"), .notPositive("0:3"), .outOfRange("1001:1")] {
            let message = error.description
            #expect(!message.contains("\n"))
            for form in ["W:H", "WxH", "W/H", "1.5", "square", "fourToThree", "sixteenToNine", "openGraph", "og"] {
                #expect(message.contains(form), "\(message) lacks \(form)")
            }
        }
    }

    @Test func descriptionsAndValues() throws {
        #expect(AspectRatio.fourToThree.description == "4:3")
        #expect(AspectRatio.openGraph.description == "1.91:1")
        #expect(try AspectRatio(parsing: "1.5").description == "1.5:1")
        #expect(AspectRatio.sixteenToNine.value == 16.0 / 9.0)
        #expect(try AspectRatio(parsing: "8:6") == .fourToThree)
        #expect(try AspectRatio(parsing: "8:6").description == "8:6")
        #expect(try AspectRatio.custom(width: 5, height: 2).value == 2.5)
    }

    @Test func validatingInitialiser() throws {
        #expect(try AspectRatio.custom(width: 3, height: 2) == .threeToTwo)
        #expect(throws: OptionError.self) { try AspectRatio.custom(width: .nan, height: 1) }
        #expect(throws: OptionError.self) { try AspectRatio.custom(width: .infinity, height: 1) }
        #expect(throws: OptionError.self) { try AspectRatio.custom(width: 0, height: 1) }
        #expect(throws: OptionError.ratio(.outOfRange("2000:1"))) { try AspectRatio.custom(width: 2000, height: 1) }
    }
}
