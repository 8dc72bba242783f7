import Foundation
import Testing
import TestSupport

/// The library's async entry point keeps the cooperative pool free: 50 fits in a TaskGroup must not
/// stall a 5 ms heartbeat by more than 50 ms. Measured by `heartbeat-check` in a process of its own,
/// so that sibling tests (which block the runner's cooperative pool for seconds) are not measured.
///
/// The machine can still delay the heartbeat (CI shares 2 cores), so the bound is the largest of
/// 50 ms, twice the worst gap of a control run (the same fits on plain threads outside the pool,
/// which by construction cannot block it) and a fifth of the async batch's duration. Fits run on
/// the cooperative threads instead (the bug this guards against) starve the heartbeat for about the
/// whole batch, past every one of those bounds.
///
/// The same process then holds a one-thread executor busy and awaits more fits than the cooperative
/// pool has threads: every one must make its call at once (a waiting call that occupied its thread
/// would stop the count at the pool's width). No clock decides that one.
@Suite struct AsyncHeartbeatTests {
    @Test func fitsInATaskGroupDoNotStallTheCooperativePool() throws {
        let checker = CommandRunner.binary.deletingLastPathComponent().appendingPathComponent("heartbeat-check")
        let sample = Corpus.projectRoot.appendingPathComponent("samples/harvesters.jpg").path
        let (process, out, err) = try CommandRunner.start([sample, "50"], in: Corpus.projectRoot, executable: checker)
        let result = CommandRunner.finish(process, out, err)
        #expect(result.status == 0, "\(result.stderr)")
        let line = try #require(result.jsonLines.first, "\(result.stdoutText)")
        let gap = try #require(line["gap"] as? Double), control = try #require(line["control"] as? Double)
        let batch = try #require(line["batch"] as? Double)
        #expect(line["fits"] as? Int == 50)
        let bound = max(0.050, control * 2, batch / 5)
        #expect(gap <= bound, "heartbeat stalled \(gap) s (control on plain threads: \(control) s, batch: \(batch) s)")
        let waiting = try #require(line["waiting"] as? Int)
        #expect(line["queued"] as? Int == waiting, "not all \(waiting) awaited fits could be made at once: \(result.stdoutText)")
    }
}
