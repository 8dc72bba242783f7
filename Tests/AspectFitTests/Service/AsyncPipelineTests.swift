import Foundation
import Testing
import TestSupport
@testable import AspectFit

/// The async entry point: results equal the blocking call's, and cancellation stops a fit with
/// `.cancelled` (that the pool stays free is `AsyncHeartbeatTests`', in a process of its own).
@Suite struct AsyncPipelineTests {
    static func sample(_ name: String) throws -> [UInt8] {
        try ImageFile.read(path: Corpus.projectRoot.appendingPathComponent("samples/\(name)").path)
    }

    /// The blocking call (inside async code, `pipeline.run(bytes)` picks the async overload).
    static func blocking(_ pipeline: Pipeline, _ data: some ContiguousBytes) throws -> FitResult {
        try pipeline.run(data)
    }

    static let pipeline: Pipeline = {
        var options = FitOptions()
        options.ratio = .square
        options.size = .width(160)
        options.cornerRadius = .circle
        return Pipeline(options: options)
    }()

    @Test func asyncResultsEqualTheBlockingCallForEveryInputForm() async throws {
        for name in ["harvesters.jpg", "tulips-alpha.png", "concert-gray.jpg"] {
            let bytes = try Self.sample(name)
            let expected = try Self.blocking(Self.pipeline, bytes).bytes
            #expect(try await Bytes(Self.pipeline.run(bytes).bytes) == Bytes(expected), "\(name) [UInt8]")
            #expect(try await Bytes(Self.pipeline.run(Data(bytes)).bytes) == Bytes(expected), "\(name) Data")
            #expect(try await Bytes(Self.pipeline.run(bytes[...]).bytes) == Bytes(expected), "\(name) ArraySlice")
            #expect(try Bytes(Self.blocking(Self.pipeline, Data(bytes)).bytes) == Bytes(expected), "\(name) blocking Data")
            #expect(try Self.pipeline.plan(Data(bytes)) == Self.pipeline.plan(bytes), "\(name) plan")
        }
    }

    @Test func errorsArriveTypedThroughTheAsyncCall() async throws {
        await #expect(throws: FitError.image(.unsupported(format: "not a JPEG, PNG, WebP, AVIF, HEIF or GIF file"))) {
            try await Self.pipeline.run(Array("BM6........".utf8))
        }
        var options = FitOptions()
        options.decode.maxPixels = 1000
        let photo = try Self.sample("harvesters.jpg")
        await #expect(throws: FitError.image(.tooLarge(width: 1165, height: 859, limit: 1000))) {
            try await Pipeline(options: options).run(photo)
        }
    }

    @Test func aTaskCancelledBeforeItsFitStartsGetsCancelled() async throws {
        let bytes = try Self.sample("harvesters.jpg")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Self.pipeline.run(bytes)
        }
        await #expect(throws: FitError.cancelled) { try await task.value }
    }

    @Test func cancellationStopsAFitBetweenRows() throws {
        let bytes = try Self.sample("harvesters.jpg")
        let flag = CancellationFlag()
        flag.cancel()
        let workspace = PipelineWorkspace()
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(FitError) in try Self.pipeline.run(bytes: raw, workspace: workspace, cancellation: flag) }
        }
        #expect(throws: FitError.cancelled) { try result.get() }
        let uncancelled = bytes.withUnsafeBytes { raw in
            Result { () throws(FitError) in try Self.pipeline.run(bytes: raw, workspace: workspace, cancellation: CancellationFlag()) }
        }
        #expect(try Bytes(uncancelled.get().bytes) == Bytes(Self.pipeline.run(bytes).bytes))
    }

    @Test func cancellingARunningFitThrowsCancelled() async throws {
        // A 16x enlargement in a debug build takes far longer than the 20 ms before the cancel;
        // whether the cancel finds the fit queued or mid-decode, the answer is `.cancelled`.
        var options = FitOptions()
        options.size = .width(6000)
        options.format = .png
        let executor = FitExecutor(threadCount: 1)
        let bytes = try Self.sample("concert-gray.jpg")
        let task = Task { try await Pipeline(options: options).run(bytes, on: executor) }
        try await Task.sleep(for: .milliseconds(20))
        task.cancel()
        await #expect(throws: FitError.cancelled) { try await task.value }
    }
}
