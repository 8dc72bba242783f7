import Testing
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
}
