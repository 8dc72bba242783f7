/// The windows an animation's outputs choose from the pixels (attention, entropy): one window for
/// every frame, weighed over frames spread through the whole animation (at most `sampledFrames`, the
/// first and the last among them), so a subject that enters late is seen and the window never jumps.
/// It reads the animation once before the fit reads it again (each frame is composited on the ones
/// before it, so every frame is decoded), holding one canvas.
struct AnimationWindows {
    /// Frames analysed at most: enough to follow what moves through an animation, few enough that
    /// the analysis stays small next to the decode.
    static let sampledFrames = 16

    /// One finder per gravity asked for.
    let finders: [Gravity: CropWindowFinder]

    init(_ bytes: UnsafeRawBufferPointer, policy: DecodePolicy, gravities: Set<Gravity>, orientation: Orientation,
         threads: Int, cancellation: CancellationFlag?) throws(FitError) {
        let decoder: AnimationDecoder
        do { decoder = try AnimationDecoder(data: bytes, policy: policy) } catch { throw .image(error) }
        let layout: PixelLayout = decoder.hasAlpha ? .rgba8 : .rgb8
        let sampled = Self.sampled(frameCount: decoder.frameCount)
        var evidence = [Gravity: [FrameEvidence]]()
        for index in 0 ... sampled.last! {
            if cancellation?.isCancelled == true { throw .cancelled }
            let next: (frame: PixelBuffer, delay: Int)?
            do { next = try decoder.next(layout: layout) } catch { throw .image(error) }
            guard let next else { break }
            guard sampled.contains(index) else { continue }
            for gravity in gravities {
                evidence[gravity, default: []].append(FrameEvidence(gravity, frame: next.frame, orientation: orientation,
                                                                           threads: threads))
            }
        }
        guard !evidence.isEmpty else { throw .image(.corrupt("the animation has no frame to choose a window from")) }
        finders = Dictionary(uniqueKeysWithValues: evidence.map { ($0.key, CropWindowFinder($0.key, evidence: $0.value)) })
    }

    /// The frames analysed of `frameCount`: evenly spread, the first and the last included.
    static func sampled(frameCount: Int) -> [Int] {
        guard frameCount > 1 else { return [0] }
        let count = min(sampledFrames, frameCount)
        return (0 ..< count).map { $0 * (frameCount - 1) / (count - 1) }
    }
}
