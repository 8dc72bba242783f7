import Foundation
import Testing
import TestSupport

/// `scripts/test` installs the packages of `scripts/debian-packages.txt`; every tool a test runs
/// comes through `ExternalTool`, so each of its packages must be on that list.
@Suite struct DebianPackageListTests {
    /// The package names of the list, read as `scripts/test` reads them (a `#` starts a comment).
    static func listed() throws -> [String] {
        let url = Corpus.projectRoot.appendingPathComponent("scripts/debian-packages.txt")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").compactMap { line in
            let name = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
                .trimmingCharacters(in: .whitespaces)
            return name.isEmpty ? nil : name
        }
    }

    @Test func everyToolsPackageIsListed() throws {
        let listed = Set(try Self.listed())
        for (tool, package) in ExternalTool.packages.sorted(by: { $0.key < $1.key }) {
            #expect(listed.contains(package), "\(tool): its package \(package) is not in scripts/debian-packages.txt")
        }
    }

    @Test func eachLineNamesOnePackageOnce() throws {
        let names = try Self.listed()
        #expect(Set(names).count == names.count, "listed twice: \(Dictionary(grouping: names) { $0 }.filter { $1.count > 1 }.keys.sorted())")
        for name in names {
            #expect(name.allSatisfy { $0.isLowercase || $0.isNumber || "+-.".contains($0) }, "not one Debian package name: '\(name)'")
        }
    }

    @Test func aToolWithoutAPackageCannotBeLookedUp() {
        #expect(throws: ExternalTool.Unlisted.self) { try ExternalTool.path("no-such-tool-\(UUID().uuidString)") }
    }
}
