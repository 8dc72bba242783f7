import FoundationEssentials

extension Pipeline {
    /// `run(_:on:)` on `FitExecutor.shared`: what `try await pipeline.run(bytes)` calls.
    public func run(_ data: some ContiguousBytes & Sendable) async throws(FitError) -> FitResult {
        try await run(data, on: .shared)
    }

    /// Fits one image on `executor`'s threads and suspends until it is done, so the caller's
    /// cooperative thread stays free for other tasks (a server's event loops, heartbeats).
    ///
    /// `data` is read in place (`[UInt8]`, `Data`, a byte slice): it is pinned, not copied, while
    /// the fit runs. Cancelling the calling task stops the fit at its next decoded row (or before
    /// it starts) with `FitError.cancelled`.
    public func run(_ data: some ContiguousBytes & Sendable, on executor: FitExecutor) async throws(FitError) -> FitResult {
        let flag = CancellationFlag()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<FitResult, FitError>, Never>) in
                executor.submit { workspace in
                    guard !flag.isCancelled else { return continuation.resume(returning: .failure(.cancelled)) }
                    let result = data.withUnsafeBytes { bytes in
                        Result { () throws(FitError) in try run(bytes: bytes, workspace: workspace, cancellation: flag) }
                    }
                    continuation.resume(returning: result)
                }
            }
        } onCancel: {
            flag.cancel()
        }
        return try result.get()
    }
}
