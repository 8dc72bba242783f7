import CResampleKernels
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The instruction sets the resampler has kernels for, in order: `scalar` (the plainly written
/// Swift passes) runs anywhere, `sse2` on every x86-64, `avx2` where the CPU has it. Chosen at
/// run time, so one binary built for baseline x86-64 uses AVX2 when it can.
enum InstructionSet: Int, Comparable, CaseIterable, Sendable {
    case scalar, sse2, avx2

    /// The sets this CPU runs, checked once.
    static let supported: [InstructionSet] = allCases.filter { set in
        switch set {
        case .scalar: true
        case .sse2: rk_cpu_has_sse2() != 0
        case .avx2: rk_cpu_has_avx2() != 0
        }
    }

    /// The set every new `Resampler` uses: the best supported one, unless the environment variable
    /// `ASPECTFIT_SIMD` names a lower one (`scalar`, `sse2`) to compare or profile the kernels.
    /// A name the CPU cannot run, or an unknown one, is ignored.
    static let preferred: InstructionSet = {
        let best = supported.last!
        guard let value = getenv("ASPECTFIT_SIMD"), let named = InstructionSet(name: String(cString: value)),
              supported.contains(named) else { return best }
        return named
    }()

    init?(name: String) {
        guard let set = InstructionSet.allCases.first(where: { "\($0)" == name }) else { return nil }
        self = set
    }

    static func < (a: InstructionSet, b: InstructionSet) -> Bool { a.rawValue < b.rawValue }
}
