/// Whether a file already at an output path may be replaced. Only aspectfit's own earlier output,
/// unchanged since it was written (`WriterMark`), is replaced; a file or symlink anything else put
/// there is replaced only with `--overwrite`; an input of the batch (any shard's, or a hard link to
/// one) or a special file never (nor a folder, which rename cannot replace). Checked when the batch
/// is planned and again just before each rename.
struct ReplacementRule: Sendable {
    enum Verdict: Equatable {
        case absent
        case replaceable
        case refused(String)
    }

    /// `--overwrite`: files aspectfit did not write may be replaced too.
    var overwrite: Bool
    /// Every input of the batch, by identity.
    var inputs: [FileIdentity: PathBytes]

    func verdict(for path: PathBytes) -> Verdict {
        guard let status = try? FileSystem.status(path, followingSymlinks: false) else { return .absent }
        if let input = inputs[status.identity] {
            return .refused(input == path ? "\(path) is an input of this run; refusing to replace it"
                : "\(path) is the input \(input) (a hard link); refusing to replace it")
        }
        switch status.kind {
        case .directory: return .replaceable   // rename cannot replace a folder: the write fails there, saying why
        case .other: return .refused("\(path) exists and is not a regular file; refusing to replace it")
        case .regular:
            if WriterMark.isMarked(path: path) {
                return .replaceable
            }
            fallthrough
        case .symlink:
            return overwrite ? .replaceable
                : .refused("\(path) exists and was not written by aspectfit (or was changed since); refusing to replace it "
                    + "(--overwrite replaces it, --skip-existing keeps it)")
        }
    }
}
