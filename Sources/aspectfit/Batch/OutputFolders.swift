/// The plain `-o` folders of a run (not templates, files or `-`), checked before any work against
/// the folders its named inputs are read from: an output folder that is a folder named as input, or
/// the folder of a file named as input, is refused, since its images would be replaced. Walks never
/// enter an output folder, so a tree's own `-o photos/thumbs/` holds outputs only; every file already
/// in an output folder is guarded by `ReplacementRule`. (Templates such as `'{dir}/{name}-s.{ext}'`
/// may write beside inputs on purpose: the same rule guards every file there.)
struct OutputFolders {
    /// The existing ones, with the path each was given as.
    private var folders: [FileIdentity: PathBytes] = [:]

    init(_ variants: [OutputVariant]) {
        for output in variants.compactMap(\.output) {
            guard let folder = BatchPlanner.plainFolder(output),
                  let status = try? FileSystem.status(folder, followingSymlinks: true), status.kind == .directory else { continue }
            folders[status.identity] = folder
        }
    }

    /// The existing output folders: walks never enter them.
    var identities: Set<FileIdentity> { Set(folders.keys) }

    /// Refuses an output folder that is one of `directories` (named as inputs) or holds one of
    /// `files` (named as inputs).
    func check(directories: [PathBytes], files: [PathBytes]) throws(UsageError) {
        guard !folders.isEmpty else { return }
        for directory in directories {
            guard let identity = try? FileSystem.status(directory, followingSymlinks: true).identity, let output = folders[identity]
            else { continue }
            throw UsageError("-o \(output): the output folder is the input folder \(directory), whose images would be replaced "
                + "(without -o, outputs go beside their inputs as NAME-WxH.EXT; or choose another folder)")
        }
        for file in files {
            guard let identity = try? FileSystem.status(file.parent, followingSymlinks: true).identity, let output = folders[identity]
            else { continue }
            throw UsageError("-o \(output): the output folder holds the input \(file), and its other images would be replaced "
                + "(choose another folder)")
        }
    }
}
