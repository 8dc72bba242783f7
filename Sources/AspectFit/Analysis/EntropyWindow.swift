#if canImport(Glibc)
import Glibc
#endif

/// libvips' `entropy` smart crop: while the window is larger than wanted, cut a slice (an eighth
/// of the excess, at least one pixel) from whichever end of the free axis has the lower Shannon
/// entropy of its luma histogram, so the busiest part of the image stays. Several images of one
/// size (an animation's frames) share one histogram per slice.
struct EntropyWindow {
    /// At least one, all of one size.
    let images: [AnalysisImage]

    /// The top-left corner of the `width` x `height` window (analysis pixels).
    func best(width: Double, height: Double) -> (x: Double, y: Double) {
        var box = (x: 0.0, y: 0.0, w: Double(images[0].width), h: Double(images[0].height))
        while box.w - width > 1e-9 {
            let slice = min(box.w - width, max(1, (box.w - width) / 8))
            let left = entropy(x0: box.x, x1: box.x + slice, y0: box.y, y1: box.y + box.h)
            let right = entropy(x0: box.x + box.w - slice, x1: box.x + box.w, y0: box.y, y1: box.y + box.h)
            if left < right { box.x += slice }
            box.w -= slice
        }
        while box.h - height > 1e-9 {
            let slice = min(box.h - height, max(1, (box.h - height) / 8))
            let top = entropy(x0: box.x, x1: box.x + box.w, y0: box.y, y1: box.y + slice)
            let bottom = entropy(x0: box.x, x1: box.x + box.w, y0: box.y + box.h - slice, y1: box.y + box.h)
            if top < bottom { box.y += slice }
            box.h -= slice
        }
        return (box.x, box.y)
    }

    /// Shannon entropy (bits) of the 256-bin luma histogram of the pixels whose centres fall in
    /// the box (at least one row and column) in every image, transparent pixels weighted out.
    func entropy(x0: Double, x1: Double, y0: Double, y1: Double) -> Double {
        let image = images[0]
        let c0 = min(image.width - 1, Int(x0.rounded())), c1 = max(c0 + 1, min(image.width, Int(x1.rounded())))
        let r0 = min(image.height - 1, Int(y0.rounded())), r1 = max(r0 + 1, min(image.height, Int(y1.rounded())))
        var histogram = [Double](repeating: 0, count: 256)
        var total = 0.0
        for image in images {
            for y in r0 ..< r1 {
                for x in c0 ..< c1 {
                    let i = y * image.width + x
                    histogram[Int(min(255, max(0, image.luma[i])))] += Double(image.alpha[i])
                    total += Double(image.alpha[i])
                }
            }
        }
        guard total > 0 else { return 0 }
        return histogram.reduce(0) { h, n in n > 0 ? h - n / total * log2(n / total) : h }
    }
}
