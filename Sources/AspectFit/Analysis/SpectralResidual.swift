#if canImport(Glibc)
import Glibc
#endif

/// Hou and Zhang's spectral residual saliency (CVPR 2007): what is left of an image's log amplitude
/// spectrum after its local average is taken away is the unexpected part; transformed back with the
/// original phase, it lights up the regions that differ from the rest of the image, whatever their
/// edges or texture (a repeated pattern has a peaked spectrum and is suppressed).
///
/// The plane is `side` x `side` (64 in the paper). The transform treats the picture as periodic,
/// so the seam where opposite borders meet reads as salient: the result fades to 0 over the
/// `border` cells next to each edge. (Mirroring the plane instead would make its spectrum
/// symmetric, and the residual would then only mark the mirror's centre.)
enum SpectralResidual {
    /// The cells at each edge over which the result fades out.
    static let border = 4

    /// The saliency of each pixel of `plane` (`side` x `side`, row-major, `side` a power of two), >= 0, smoothed.
    static func saliency(_ plane: [Float], side: Int) -> [Float] {
        let n = side
        var re = plane.map(Double.init)
        var im = [Double](repeating: 0, count: n * n)
        transform(&re, &im, side: n, inverse: false)
        var logAmplitude = [Float](repeating: 0, count: n * n)
        for i in 0 ..< n * n { logAmplitude[i] = Float(log(max(1e-9, (re[i] * re[i] + im[i] * im[i]).squareRoot()))) }
        let average = SummedArea.boxBlur(logAmplitude, width: n, height: n, radius: 1)
        for i in 0 ..< n * n {
            let amplitude = (re[i] * re[i] + im[i] * im[i]).squareRoot()
            // exp(residual) with the original phase: F / |F| * exp(L - mean(L))
            let scale = amplitude > 1e-12 ? exp(Double(logAmplitude[i] - average[i])) / amplitude : 0
            re[i] *= scale
            im[i] *= scale
        }
        transform(&re, &im, side: n, inverse: true)
        let energy = (0 ..< n * n).map { Float(re[$0] * re[$0] + im[$0] * im[$0]) }
        // The paper smooths with a Gaussian of a few pixels; three box passes come close.
        var smooth = energy
        for _ in 0 ..< 3 { smooth = SummedArea.boxBlur(smooth, width: n, height: n, radius: 2) }
        for y in 0 ..< n {
            for x in 0 ..< n {
                let edge = min(x, y, n - 1 - x, n - 1 - y)
                if edge < Self.border { smooth[y * n + x] *= Float(edge) / Float(Self.border) }
            }
        }
        return smooth
    }

    /// The 2-D discrete Fourier transform of a `side` x `side` plane in place (rows, then columns;
    /// radix-2, `side` a power of two). The inverse is scaled by 1/side^2.
    static func transform(_ re: inout [Double], _ im: inout [Double], side: Int, inverse: Bool) {
        precondition(re.count == side * side && im.count == side * side, "a side x side plane")
        let plan = FFTPlan(length: side, inverse: inverse)
        var line = [Double](repeating: 0, count: 2 * side)
        // unchecked pointers: 2 x side transforms of side points, three planes and back per image
        re.withUnsafeMutableBufferPointer { re in
            im.withUnsafeMutableBufferPointer { im in
                line.withUnsafeMutableBufferPointer { line in
                    for row in 0 ..< side {
                        plan.run(UnsafeMutableBufferPointer(rebasing: re[row * side ..< (row + 1) * side]),
                                 UnsafeMutableBufferPointer(rebasing: im[row * side ..< (row + 1) * side]))
                    }
                    let lineRe = UnsafeMutableBufferPointer(rebasing: line[0 ..< side])
                    let lineIm = UnsafeMutableBufferPointer(rebasing: line[side ..< 2 * side])
                    for column in 0 ..< side {
                        for i in 0 ..< side { lineRe[i] = re[column + i * side]; lineIm[i] = im[column + i * side] }
                        plan.run(lineRe, lineIm)
                        for i in 0 ..< side { re[column + i * side] = lineRe[i]; im[column + i * side] = lineIm[i] }
                    }
                    if inverse {
                        let s = 1 / Double(side * side)
                        for i in 0 ..< re.count { re[i] *= s; im[i] *= s }
                    }
                }
            }
        }
    }
}

/// The 1-D transform of one power-of-two length (iterative Cooley-Tukey), its bit-reversal swaps and
/// twiddle factors worked out once for the many lines of a plane.
private struct FFTPlan {
    /// The bit-reversal permutation as swaps (i < j).
    private let swaps: [(Int, Int)]
    /// For each stage (length 2, 4, ... n), the twiddle factor of each butterfly k < length / 2: the
    /// powers of e^(-+2 pi i / length), by repeated multiplication from 1.
    private let twiddles: [[(re: Double, im: Double)]]

    init(length n: Int, inverse: Bool) {
        var swaps = [(Int, Int)]()
        var j = 0
        for i in 1 ..< n {
            var bit = n >> 1
            while j & bit != 0 { j ^= bit; bit >>= 1 }
            j |= bit
            if i < j { swaps.append((i, j)) }
        }
        self.swaps = swaps
        twiddles = sequence(first: 2) { $0 << 1 }.prefix { $0 <= n }.map { length in
            let angle = (inverse ? 2 : -2) * Double.pi / Double(length)
            let wr = cos(angle), wi = sin(angle)
            var factors = [(re: Double, im: Double)]()
            var cr = 1.0, ci = 0.0
            for _ in 0 ..< length / 2 {
                factors.append((cr, ci))
                let next = cr * wr - ci * wi
                ci = cr * wi + ci * wr
                cr = next
            }
            return factors
        }
    }

    /// Transforms one line of `re.count` (the plan's length) points in place.
    func run(_ re: UnsafeMutableBufferPointer<Double>, _ im: UnsafeMutableBufferPointer<Double>) {
        let n = re.count
        for (i, j) in swaps { re.swapAt(i, j); im.swapAt(i, j) }
        var length = 2
        for stage in twiddles {
            let half = length / 2
            var start = 0
            while start < n {
                for k in 0 ..< half {
                    let (cr, ci) = stage[k]
                    let a = start + k, b = a + half
                    let tr = re[b] * cr - im[b] * ci, ti = re[b] * ci + im[b] * cr
                    re[b] = re[a] - tr
                    im[b] = im[a] - ti
                    re[a] += tr
                    im[a] += ti
                }
                start += length
            }
            length <<= 1
        }
    }
}
