import FoundationEssentials

extension Pipeline {
    /// `run(_:on:)` on `FitExecutor.shared`: what `try await pipeline.run(bytes)` calls.
    public func run(_ data: some ContiguousBytes & Sendable) async throws(FitError) -> FitResult {
        try await run(data, on: .shared)
    }

    /// Fits one image on `executor`'s threads and suspends until it is done, so the caller's
    /// cooperative thread stays free for other tasks (a server's event loops, heartbeats): the
    /// bridge of `VariantSet.run(_:on:)`, for a set of one.
    ///
    /// `data` is read in place (`[UInt8]`, `Data`, a byte slice): it is pinned, not copied, while
    /// the fit runs. Cancelling the calling task stops the fit at its next decoded row (or before
    /// it starts) with `FitError.cancelled`.
    public func run(_ data: some ContiguousBytes & Sendable, on executor: FitExecutor) async throws(FitError) -> FitResult {
        try await VariantSet([self]).run(data, on: executor)[0].get()
    }
}
