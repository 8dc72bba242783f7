/// The image formats aspectfit reads and writes; always detected from the content, never the name.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg
    case png
}
