import Testing
import TestSupport
@testable import AspectFit

@Suite struct FilterTests {
    @Test func parsesEveryNameAndAlias() throws {
        let expected: [String: Filter] = [
            "lanczos3": .lanczos3, "lanczos": .lanczos3, "Lanczos2": .lanczos2, "mitchell": .mitchell,
            "catmull-rom": .catmullRom, "catmullrom": .catmullRom, "bilinear": .bilinear, "linear": .bilinear,
            "triangle": .bilinear, "box": .box, "nearest": .nearest,
        ]
        for (name, filter) in expected { #expect(try Filter(parsing: name) == filter) }
        #expect(Filter.allCases.count == 7)
    }

    @Test func unknownNameListsTheKnownOnes() {
        #expect(throws: OptionError.unknownFilter("gauss")) { try Filter(parsing: "gauss") }
        let message = OptionError.unknownFilter("gauss").description
        #expect(message.contains("gauss") && message.contains("lanczos3") && message.contains("catmull-rom"))
    }

    @Test(arguments: Filter.allCases)
    func kernelIsOneAtZeroAndVanishesOutsideTheRadius(_ filter: Filter) {
        #expect(filter.kernel(filter.radius + 0.01) == 0 && filter.kernel(-filter.radius - 0.01) == 0)
        if filter == .mitchell {
            #expect(abs(filter.kernel(0) - 8.0 / 9.0) < 1e-12 && abs(filter.kernel(1) - 1.0 / 18.0) < 1e-12)
        } else {
            #expect(filter.kernel(0) == 1)
        }
    }

    @Test func quantisedWeightsSumToOne() {
        let axis = AxisWeights(filter: .lanczos3, sourceSize: 101, offset: 3.3, length: 90.7, count: 17)
        for w in axis.weights { #expect(w.reduce(0) { $0 + Int($1) } == AxisWeights.one) }
    }

    /// Literal values worked out by hand from the published formulas (see ReferenceKernels):
    /// Lanczos-a(x) = sinc(x) sinc(x/a); Mitchell-Netravali with (B, C) = (1/3, 1/3) gives
    /// 77/144, 1/18, -5/144 at 0.5, 1, 1.5 and Catmull-Rom (0, 1/2) gives 9/16, 0, -1/16.
    static let pinned: [(Filter, Double, Double)] = [
        (.lanczos3, 0.5, 0.607927), (.lanczos3, 1.5, -0.135095), (.lanczos3, 2.5, 0.024317), (.lanczos3, 3.0, 0),
        (.lanczos2, 0.5, 0.573159), (.lanczos2, 1.5, -0.063684), (.lanczos2, 2.0, 0),
        (.mitchell, 0, 8.0 / 9), (.mitchell, 0.5, 77.0 / 144), (.mitchell, 1.0, 1.0 / 18), (.mitchell, 1.5, -5.0 / 144), (.mitchell, 2, 0),
        (.catmullRom, 0, 1), (.catmullRom, 0.5, 9.0 / 16), (.catmullRom, 1.0, 0), (.catmullRom, 1.5, -1.0 / 16), (.catmullRom, 2, 0),
        (.bilinear, 0.25, 0.75), (.bilinear, 0.5, 0.5), (.bilinear, 1, 0),
        (.box, -0.5, 1), (.box, 0.49, 1), (.box, 0.5, 0), (.nearest, -0.5, 0), (.nearest, 0.5, 1),
    ]

    @Test func kernelsEqualTheirPublishedValues() {
        for (filter, x, expected) in Self.pinned {
            for sign in [1.0, -1.0] where !(filter == .box || filter == .nearest) || sign == 1 {
                #expect(abs(filter.kernel(sign * x) - expected) < 5e-7, "library \(filter)(\(sign * x)) = \(filter.kernel(sign * x)), published \(expected)")
                #expect(abs(ReferenceKernels.value(filter, sign * x) - expected) < 5e-7, "reference \(filter)(\(sign * x))")
            }
        }
        let radii: [Filter: Double] = [.lanczos3: 3, .lanczos2: 2, .mitchell: 2, .catmullRom: 2, .bilinear: 1, .box: 0.5, .nearest: 0.5]
        for filter in Filter.allCases { #expect(filter.radius == radii[filter], "\(filter) radius") }
    }

    /// IEC 61966-2-1 values (0.5 encoded is 0.214041 linear; 0.5 linear encodes to 0.735357) and
    /// the library's tables in its 1/16320 units, rounded.
    @Test func srgbCurvesEqualTheStandard() {
        #expect(abs(ReferenceKernels.srgbToLinear(0.5) - 0.214041) < 1e-6)
        #expect(abs(ReferenceKernels.linearToSRGB(0.5) - 0.735357) < 1e-6)
        #expect(SRGBTables.toLinear[128] == 3523 && SRGBTables.toLinear[10] == 50 && SRGBTables.toLinear[255] == 16320)
        #expect(SRGBTables.fromLinear[8160] == 188 && SRGBTables.fromLinear[100] == 18 && SRGBTables.fromLinear[16320] == 255)
    }
}
