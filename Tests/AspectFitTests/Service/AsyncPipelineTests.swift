import Foundation
import Synchronization
import Testing
import TestSupport
@testable import AspectFit

/// The async entry point: results equal the blocking call's, the cooperative pool stays free
/// while fits run, and cancellation stops a fit with `.cancelled`.
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
            #expect(try await Self.pipeline.run(bytes).bytes == expected, "\(name) [UInt8]")
            #expect(try await Self.pipeline.run(Data(bytes)).bytes == expected, "\(name) Data")
            #expect(try await Self.pipeline.run(bytes[...]).bytes == expected, "\(name) ArraySlice")
            #expect(try Self.blocking(Self.pipeline, Data(bytes)).bytes == expected, "\(name) blocking Data")
            #expect(try Self.pipeline.plan(Data(bytes)) == Self.pipeline.plan(bytes), "\(name) plan")
        }
    }

    @Test func errorsArriveTypedThroughTheAsyncCall() async throws {
        await #expect(throws: FitError.image(.unsupported(format: "not a JPEG or PNG file"))) {
            try await Self.pipeline.run(Array("GIF89a.....".utf8))
        }
        var options = FitOptions()
        options.decode.maxPixels = 1000
        let photo = try Self.sample("harvesters.jpg")
        await #expect(throws: FitError.image(.tooLarge(width: 1165, height: 859, limit: 1000))) {
            try await Pipeline(options: options).run(photo)
        }
    }

    /// The largest gap between the beats of a task that sleeps 5 ms at a time on the cooperative
    /// pool while `work` runs.
    static func maxHeartbeatGap(during work: @Sendable () async -> Void) async -> Duration {
        let done = CancellationFlag()
        return await withTaskGroup(of: Duration.self) { group in
            group.addTask {
                let clock = ContinuousClock()
                var last = clock.now
                var longest = Duration.zero
                while !done.isCancelled {
                    try? await Task.sleep(for: .milliseconds(5))
                    let now = clock.now
                    longest = max(longest, now - last)
                    last = now
                }
                return longest
            }
            await work()
            done.cancel()
            return await group.next() ?? .zero
        }
    }

    /// 50 fits in a TaskGroup must not stall a 5 ms heartbeat by more than 50 ms.
    ///
    /// The machine itself can stall a thread (CI runs beside other jobs on 2 cores), so the same
    /// 50 fits are first run as a control on plain threads outside the cooperative pool, which by
    /// construction cannot block it: the async run must keep the heartbeat within 50 ms, or within
    /// twice the control's worst gap when the machine alone already stalls it that long. Fits run
    /// on the cooperative threads instead (the bug this guards against) stall it for the whole
    /// batch, seconds, far past either bound.
    @Test func fitsInATaskGroupDoNotStallTheCooperativePool() async throws {
        let bytes = try Self.sample("harvesters.jpg")
        let pipeline = Self.pipeline
        let count = 50
        let control = await Self.maxHeartbeatGap {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread {
                    DispatchQueue.concurrentPerform(iterations: count) { _ in _ = try? pipeline.run(bytes) }
                    done.resume()
                }
            }
        }
        let results = Mutex<[[UInt8]]>([])
        let gap = await Self.maxHeartbeatGap {
            await withTaskGroup(of: [UInt8]?.self) { group in
                for _ in 0 ..< count { group.addTask { try? await pipeline.run(bytes).bytes } }
                for await result in group { if let result { results.withLock { $0.append(result) } } }
            }
        }
        let expected = try Self.blocking(pipeline, bytes).bytes
        #expect(results.withLock { $0.count == count && $0.allSatisfy { $0 == expected } })
        let bound = max(Duration.milliseconds(50), control * 2)
        #expect(gap <= bound, "heartbeat stalled \(gap) (control on plain threads: \(control))")
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
        #expect(try uncancelled.get().bytes == Self.pipeline.run(bytes).bytes)
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
