/// Which frames of an animated GIF or WebP, or an AVIF sequence, a fit writes.
public enum AnimationFrames: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every frame, with its delay and the loop count, when the output format animates (GIF,
    /// WebP, AVIF); the first frame for a still format (JPEG, PNG).
    case all
    /// The first frame, as a still image.
    case first
}
