import AspectFit
import Dispatch
import Foundation
import Synchronization

/// heartbeat-check IMAGE COUNT: runs COUNT fits of IMAGE in a TaskGroup through the async API while
/// a task beats every 5 ms on the cooperative pool, and the same fits on plain threads as a control;
/// then, with a one-thread executor held busy, awaits more fits than the pool has threads and counts
/// how many could make their call at once. Prints the longest gap of each run, the async batch's duration in
/// seconds and that count, as one JSON line.
///
/// A process of its own, so that only the fits share its cooperative pool: inside the test runner,
/// sibling tests block that pool for seconds and the gap would measure them instead.
let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]), let bytes = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: heartbeat-check IMAGE COUNT\n".utf8))
    exit(2)
}
var options = FitOptions()
options.ratio = .square
options.size = .width(160)
options.cornerRadius = .circle
let pipeline = Pipeline(options: options)

/// Set when the work is over: the heartbeat stops.
final class StopSignal: Sendable {
    private let flag = Atomic<Bool>(false)
    var isSet: Bool { flag.load(ordering: .acquiring) }
    func set() { flag.store(true, ordering: .releasing) }
}

/// Counts the fits that came back.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)
    var count: Int { value.load(ordering: .relaxed) }
    func add() { value.add(1, ordering: .relaxed) }
}

/// The longest gap between the beats of a task sleeping 5 ms at a time while `work` runs.
func maxHeartbeatGap(during work: @Sendable () async -> Void) async -> Duration {
    let done = StopSignal()
    return await withTaskGroup(of: Duration.self) { group in
        group.addTask {
            let clock = ContinuousClock()
            var last = clock.now
            var longest = Duration.zero
            while !done.isSet {
                try? await Task.sleep(for: .milliseconds(5))
                let now = clock.now
                longest = max(longest, now - last)
                last = now
            }
            return longest
        }
        await work()
        done.set()
        return await group.next() ?? .zero
    }
}

func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

let control = await maxHeartbeatGap {
    await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
        Thread.detachNewThread {
            DispatchQueue.concurrentPerform(iterations: count) { _ in _ = try? pipeline.run(bytes) }
            finished.resume()
        }
    }
}
let clock = ContinuousClock()
let start = clock.now
let written = Counter()
let gap = await maxHeartbeatGap {
    await withTaskGroup(of: Bool.self) { group in
        for _ in 0 ..< count { group.addTask { (try? await pipeline.run(bytes)) != nil } }
        for await ok in group where ok { written.add() }
    }
}
let batch = clock.now - start

/// Image bytes that hold whichever thread reads them until `gate` opens: fitting them occupies the
/// executor's thread for as long as the check needs.
struct GatedBytes: ContiguousBytes, Sendable {
    let bytes: Data
    let reading: DispatchSemaphore
    let gate: DispatchSemaphore
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        reading.signal()
        gate.wait()
        return try bytes.withUnsafeBytes(body)
    }
}

/// How many of `waiting` awaited fits have made their call while the executor's only thread is held:
/// all of them when a waiting call leaves its cooperative thread free, no more than the pool's width
/// when it occupies it (the executor is then released after 60 s so the process ends).
func callsAtOnce(_ waiting: Int) async -> Int {
    let executor = FitExecutor(threadCount: 1)
    let held = GatedBytes(bytes: bytes, reading: DispatchSemaphore(value: 0), gate: DispatchSemaphore(value: 0))
    let calls = Counter()
    let peak = Atomic<Int>(0)
    Thread.detachNewThread {
        held.reading.wait()
        let deadline = Date().addingTimeInterval(60)
        while calls.count < waiting && Date() < deadline { usleep(1000) }
        peak.store(calls.count, ordering: .relaxed)
        held.gate.signal()
    }
    await withTaskGroup(of: Void.self) { group in
        group.addTask { _ = try? await pipeline.run(held, on: executor) }
        for _ in 0 ..< waiting {
            group.addTask {
                calls.add()
                _ = try? await pipeline.run(bytes, on: executor)
            }
        }
    }
    return peak.load(ordering: .relaxed)
}
let waiting = 4 * ProcessInfo.processInfo.activeProcessorCount + 16
let queued = await callsAtOnce(waiting)
print("{\"gap\":\(seconds(gap)),\"control\":\(seconds(control)),\"batch\":\(seconds(batch)),\"fits\":\(written.count),\"waiting\":\(waiting),\"queued\":\(queued)}")
