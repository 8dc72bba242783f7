#if canImport(Glibc)
import Glibc
#endif

/// Hou and Zhang's spectral residual saliency (CVPR 2007): what is left of an image's log amplitude
/// spectrum after its local average is taken away is the unexpected part; transformed back with the
/// original phase, it lights up the regions that differ from the rest of the image, whatever their
/// edges or texture. Meant for a plane of about 64 pixels a side: the 2-D DFT here is direct.
enum SpectralResidual {
    /// The saliency of each pixel of `plane` (`width` x `height`, row-major), >= 0, smoothed.
    static func saliency(_ plane: [Float], width: Int, height: Int) -> [Float] {
        let n = width * height
        guard n > 1 else { return [Float](repeating: 0, count: n) }
        var re = plane.map(Double.init)
        var im = [Double](repeating: 0, count: n)
        transform(&re, &im, width: width, height: height, inverse: false)
        var logAmplitude = [Float](repeating: 0, count: n)
        for i in 0 ..< n { logAmplitude[i] = Float(log(max(1e-9, (re[i] * re[i] + im[i] * im[i]).squareRoot()))) }
        let average = SummedArea.boxBlur(logAmplitude, width: width, height: height, radius: 1)
        for i in 0 ..< n {
            let amplitude = (re[i] * re[i] + im[i] * im[i]).squareRoot()
            // exp(residual) with the original phase: F / |F| * exp(L - mean(L))
            let scale = amplitude > 1e-12 ? exp(Double(logAmplitude[i] - average[i])) / amplitude : 0
            re[i] *= scale
            im[i] *= scale
        }
        transform(&re, &im, width: width, height: height, inverse: true)
        let energy = (0 ..< n).map { Float(re[$0] * re[$0] + im[$0] * im[$0]) }
        // The paper smooths with a Gaussian of a few pixels; two box passes come close.
        return SummedArea.boxBlur(SummedArea.boxBlur(energy, width: width, height: height, radius: 2), width: width, height: height, radius: 2)
    }

    /// The 2-D discrete Fourier transform in place (rows, then columns), direct: O(w h (w + h)).
    /// The inverse is scaled by 1/(w h).
    static func transform(_ re: inout [Double], _ im: inout [Double], width: Int, height: Int, inverse: Bool) {
        let sign = inverse ? 1.0 : -1.0
        func pass(count: Int, length: Int, index: (Int, Int) -> Int) {
            let cosines = (0 ..< length).map { cos(2 * Double.pi * Double($0) / Double(length)) }
            let sines = (0 ..< length).map { sign * sin(2 * Double.pi * Double($0) / Double(length)) }
            var outRe = [Double](repeating: 0, count: length), outIm = outRe
            for line in 0 ..< count {
                for k in 0 ..< length {
                    var sr = 0.0, si = 0.0
                    var t = 0
                    for j in 0 ..< length {
                        let i = index(line, j)
                        let c = cosines[t], s = sines[t]
                        sr += re[i] * c - im[i] * s
                        si += re[i] * s + im[i] * c
                        t += k
                        if t >= length { t -= length }
                    }
                    outRe[k] = sr
                    outIm[k] = si
                }
                for k in 0 ..< length {
                    re[index(line, k)] = outRe[k]
                    im[index(line, k)] = outIm[k]
                }
            }
        }
        pass(count: height, length: width) { y, x in y * width + x }
        pass(count: width, length: height) { x, y in y * width + x }
        if inverse {
            let s = 1 / Double(width * height)
            for i in re.indices { re[i] *= s; im[i] *= s }
        }
    }
}
