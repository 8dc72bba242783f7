import AspectFit
import Foundation

/// Images as a browser shows them: a page of images at fixed places, drawn by headless Chromium
/// (Debian `chromium`) and screenshotted. Drawing is made deterministic: no GPU (software
/// rasterisation), one device pixel per CSS pixel, the output colour profile forced to sRGB (so a
/// tagged image is converted to sRGB and an untagged one drawn as stored), no scrollbars, a fresh
/// profile, and the screenshot taken once the page has loaded (virtual time). `--no-sandbox` lets it
/// run as root in a container.
public enum HeadlessChromium {
    /// One image of the page: a file in the page's folder and the top-left corner it is drawn at, at
    /// its natural size (the browser applies its EXIF orientation, ICC profile and alpha).
    public struct Placement: Sendable {
        public var file: String
        public var x: Int
        public var y: Int

        public init(file: String, x: Int, y: Int) {
            self.file = file
            self.x = x
            self.y = y
        }
    }

    /// The `width` x `height` screenshot (RGB) of a page in `folder` showing `images` over a
    /// `background` (CSS colour) page.
    public static func render(_ images: [Placement], in folder: URL, background: RGBColor, width: Int,
                              height: Int) throws -> PixelBuffer {
        let page = folder.appendingPathComponent("page.html")
        let css = "rgb(\(background.r),\(background.g),\(background.b))"
        let tags = images.map { "<img src=\"\($0.file)\" style=\"left:\($0.x)px;top:\($0.y)px\">" }
        let html = "<!doctype html><html><head><style>html,body{margin:0;padding:0;overflow:hidden;background:\(css)}"
            + "img{position:absolute}</style></head><body>\n" + tags.joined(separator: "\n") + "\n</body></html>\n"
        try Data(html.utf8).write(to: page)
        let shot = folder.appendingPathComponent("screenshot.png")
        let profile = folder.appendingPathComponent("chromium-profile")
        let result = try ExternalTool.run(try ExternalTool.path("chromium"), [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--disable-extensions", "--disable-background-networking", "--disable-sync", "--mute-audio",
            "--force-color-profile=srgb", "--force-device-scale-factor=1", "--hide-scrollbars",
            "--window-size=\(width),\(height)", "--virtual-time-budget=10000",
            "--user-data-dir=\(profile.path)", "--screenshot=\(shot.path)", page.absoluteString,
        ])
        guard result.status == 0, FileManager.default.fileExists(atPath: shot.path) else {
            throw Failure(description: "chromium exited \(result.status): \(result.stderr.suffix(600))")
        }
        let pixels = try ImageFile.decode(ImageFile.read(path: shot.path)).pixels
        guard pixels.width == width, pixels.height == height else {
            throw Failure(description: "chromium drew \(pixels.width)x\(pixels.height), not \(width)x\(height)")
        }
        return pixels
    }

    /// A render (or a step before it) that did not happen.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }
}
