import AspectFit
import Foundation

/// Times Pillow's (or Pillow-SIMD's) `Image.resize(..., LANCZOS)` on the very same pixels, by
/// writing them to a raw file and running a short script with the given Python.
struct PillowComparison {
    let python: String
    let runs: Int

    /// The Pillow version, or nil when this Python has no Pillow.
    func version() -> String? {
        guard FileManager.default.isExecutableFile(atPath: python) else { return nil }
        let out = run(["-c", "import PIL; print(PIL.__version__)"])
        return out?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Median milliseconds of one single-threaded resize of `image` to `width` x `height`.
    func milliseconds(_ image: PixelBuffer, width: Int, height: Int) -> Double? {
        let path = NSTemporaryDirectory() + "aspectfit-bench-\(getpid()).raw"
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard FileManager.default.createFile(atPath: path, contents: Data(image.packedBytes)) else { return nil }
        let mode = image.layout == .rgba8 ? "RGBA" : image.layout == .rgb8 ? "RGB" : "L"
        let script = """
        import time
        from PIL import Image
        im = Image.frombytes("\(mode)", (\(image.width), \(image.height)), open("\(path)", "rb").read())
        im.load()
        times = []
        for _ in range(\(runs)):
            t = time.perf_counter(); im.resize((\(width), \(height)), Image.LANCZOS); times.append(time.perf_counter() - t)
        times.sort()
        print(times[len(times) // 2] * 1000)
        """
        return run(["-c", script]).flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Runs the Python with `arguments` and returns its standard output, or nil on failure.
    private func run(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        process.environment = ["OMP_NUM_THREADS": "1", "PATH": "/usr/bin:/bin"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
