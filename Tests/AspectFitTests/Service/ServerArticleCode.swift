import Foundation
import Testing
import TestSupport
import AspectFit

// The code of the DocC article "Using AspectFit in a server" (Sources/AspectFit/AspectFit.docc/
// UsingAspectFitInAServer.md), copied verbatim so the article cannot drift from an API that
// compiles; ArticleCodeTests checks the copy against the article and runs it.

struct Thumbnailer: Sendable {
    /// What the handler answers: a status and a body.
    struct Response: Sendable, Equatable {
        var status: Int
        var contentType: String
        var body: [UInt8]
    }

    let pipeline: Pipeline

    /// Options from query parameters: any bad value is a 400 with a one-line reason.
    static func options(ratio: String?, width: Int?, radius: String?) throws(OptionError) -> FitOptions {
        var options = FitOptions()
        if let ratio { options.ratio = try AspectRatio(parsing: ratio) }
        if let width { options.size = .width(width) }
        if let radius { options.cornerRadius = try CornerRadius(parsing: radius) }
        options.decode.maxPixels = 50_000_000   // refuse bigger uploads before decoding them
        return options
    }

    func respond(to upload: [UInt8]) async -> Response {
        do {
            let result = try await pipeline.run(upload)
            return Response(status: 200, contentType: result.plan.outputFormat.mediaType, body: result.bytes)
        } catch {
            return Self.response(for: error)
        }
    }

    /// One status per kind of failure; the body is the error's one-line description.
    static func response(for error: FitError) -> Response {
        let status = switch error {
        case .image(.tooLarge): 413
        case .image(.unsupported): 415
        case .image(.truncated), .image(.corrupt): 422
        case .plan: 422
        case .cancelled: 499
        case .outOfMemory: 503
        case .overBudget: 422
        case .image: 500
        }
        return Response(status: status, contentType: "text/plain", body: Array(error.description.utf8))
    }
}

func thumbnails(of uploads: [[UInt8]], pipeline: Pipeline) async -> [Result<FitResult, FitError>] {
    await withTaskGroup(of: (Int, Result<FitResult, FitError>).self) { group in
        for (index, upload) in uploads.enumerated() {
            group.addTask {
                // Assigned, then returned: Swift 6.3.1 -O miscompiles a tuple returned from `do throws`.
                let result: Result<FitResult, FitError>
                do throws(FitError) { result = .success(try await pipeline.run(upload)) } catch { result = .failure(error) }
                return (index, result)
            }
        }
        var results = [Result<FitResult, FitError>?](repeating: nil, count: uploads.count)
        for await (index, result) in group { results[index] = result }
        return results.map { $0! }
    }
}

@Suite struct ArticleCodeTests {
    static func sample(_ name: String) throws -> [UInt8] {
        try ImageFile.read(path: Corpus.projectRoot.appendingPathComponent("samples/\(name)").path)
    }

    @Test func theArticleShowsThisCode() throws {
        let root = Corpus.projectRoot
        let article = try String(contentsOf: root.appendingPathComponent("Sources/AspectFit/AspectFit.docc/UsingAspectFitInAServer.md"), encoding: .utf8)
        let copy = try String(contentsOf: root.appendingPathComponent("Tests/AspectFitTests/Service/ServerArticleCode.swift"), encoding: .utf8)
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        #expect(blocks.count == 2)
        for block in blocks {
            #expect(copy.contains(block.replacingOccurrences(of: "import AspectFit\n\n", with: "")), "\(block.prefix(60))")
        }
    }

    @Test func theHandlerAnswersEachKindOfRequest() async throws {
        let options = try Thumbnailer.options(ratio: "1:1", width: 96, radius: "circle")
        let thumbnailer = Thumbnailer(pipeline: Pipeline(options: options))
        let ok = await thumbnailer.respond(to: try Self.sample("harvesters.jpg"))
        #expect(ok.status == 200 && ok.contentType == "image/png")
        let info = try ImageFile.probe(ok.body)
        #expect(info.width == 96 && info.height == 96 && info.hasAlpha)
        #expect(await thumbnailer.respond(to: Array("BM\u{0}\u{0}......".utf8)).status == 415)   // BMP: not read
        #expect(await thumbnailer.respond(to: Array(try Self.sample("harvesters.jpg").prefix(5000))).status == 422)
        var small = options
        small.decode.maxPixels = 10_000
        let tooLarge = await Thumbnailer(pipeline: Pipeline(options: small)).respond(to: try Self.sample("harvesters.jpg"))
        #expect(tooLarge.status == 413 && String(decoding: tooLarge.body, as: UTF8.self).contains("limit"))
        #expect(throws: OptionError.self) { try Thumbnailer.options(ratio: "4:0", width: nil, radius: nil) }
        #expect(throws: OptionError.self) { try Thumbnailer.options(ratio: nil, width: nil, radius: "-2") }
    }

    @Test func theTaskGroupKeepsTheOrderAndTheFailures() async throws {
        let good = try Self.sample("concert-gray.jpg")
        var options = FitOptions()
        options.size = .width(50)
        let results = await thumbnails(of: [good, [1, 2, 3], good], pipeline: Pipeline(options: options))
        #expect(results.count == 3)
        #expect(try results[0].get().plan.outputWidth == 50)
        #expect(throws: FitError.self) { try results[1].get() }
        #expect(try Bytes(results[2].get().bytes) == Bytes(results[0].get().bytes))
    }
}
