#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AspectFit

/// One input image of the batch, found on the command line, in `--files-from`, or in a directory walk.
struct InputFile: Sendable {
    /// The path as given or found ("-" for standard input).
    var path: PathBytes
    var isStandardInput: Bool
    /// `{rel}`: the sub-directory below the walked directory it was found in ("" otherwise).
    var relativeDirectory: PathBytes
    var identity: FileIdentity?
    /// The format from the magic bytes, when the file could be read.
    var format: ImageFormat?
    /// Why this input cannot be processed (missing, unreadable, not an image), found while collecting.
    var problem: String?
    /// Named on the command line or in `--files-from` (not found by a walk): always processed.
    var named = false
    /// The path was a symlink when listed (its target is read); otherwise a symlink found there
    /// when reading is refused, never followed.
    var viaSymlink = false
}

/// Expands the command-line inputs into the batch's list of image files.
///
/// Directories give their images sorted by name (sub-directories only with `-R`); files named
/// explicitly must be images, and so must files named .jpg, .png, ... in a walk; other non-images met in a
/// walk are skipped and counted (`WalkSkips`). Dot files are
/// skipped in walks (they include other runs' temporaries). Symlinked directories, and symlinked
/// files whose target lies outside the walked directory, are followed only with `--follow-symlinks`
/// (a downloaded tree must not pull in other files of the machine), and a directory is never walked
/// twice (device+inode), so loops end.
struct InputCollector {
    var recursive: Bool
    var followSymlinks: Bool
    /// `--max-file-size`, also for standard input.
    var maxFileSize: Int

    private(set) var files: [InputFile] = []
    /// The directories named as inputs, as given.
    private(set) var namedDirectories: [PathBytes] = []
    /// What the walks passed over (reported when a batch does less than the user may expect).
    private(set) var skipped = WalkSkips()
    /// The bytes of standard input when "-" is an input (read once, here, to sniff its format).
    private(set) var standardInputData: [UInt8]?
    private var walkedDirectories: Set<FileIdentity> = []

    /// `excluding`: directories never walked (the output directory, so reruns don't eat their outputs).
    init(recursive: Bool, followSymlinks: Bool, maxFileSize: Int, excluding excluded: Set<FileIdentity> = []) {
        self.recursive = recursive
        self.maxFileSize = maxFileSize
        self.followSymlinks = followSymlinks
        walkedDirectories = excluded
    }

    /// The entries of a `--files-from` list: one per line, or NUL-separated; empty entries ignored.
    static func listEntries(_ data: [UInt8], nulSeparated: Bool) -> [PathBytes] {
        let separator: UInt8 = nulSeparated ? 0 : UInt8(ascii: "\n")
        return data.split(separator: separator).map { entry in
            var bytes = Array(entry)
            if !nulSeparated, bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
            return PathBytes(bytes)
        }.filter { !$0.isEmpty }
    }

    /// Adds one named input: a file, a directory, or "-".
    mutating func add(_ path: PathBytes) {
        if path.bytes == [UInt8(ascii: "-")] {
            var file = InputFile(path: path, isStandardInput: true, relativeDirectory: PathBytes(""), named: true)
            do {
                let data = try FileSystem.readAll(descriptor: 0, limit: maxFileSize)
                standardInputData = data
                file.format = ImageFile.format(ofPrefix: Array(data.prefix(ImageFile.signatureLength)))
                if file.format == nil { file.problem = data.isEmpty ? "standard input is empty" : Self.notAnImage }
            } catch {
                file.problem = "cannot read standard input: \(error)"
            }
            files.append(file)
            return
        }
        var file = InputFile(path: path, isStandardInput: false, relativeDirectory: PathBytes(""), named: true)
        let status: FileStatus
        do {
            file.viaSymlink = try FileSystem.status(path, followingSymlinks: false).kind == .symlink
            status = try FileSystem.status(path, followingSymlinks: true)
        } catch {
            file.problem = error.description
            files.append(file)
            return
        }
        switch status.kind {
        case .directory:
            namedDirectories.append(path)
            walk(path, relative: PathBytes(""), identity: status.identity, root: FileSystem.realPath(path) ?? path)
        case .regular:
            file.identity = status.identity
            sniff(&file)
            files.append(file)
        case .symlink, .other:
            file.problem = FileReadError.notRegularFile.description
            files.append(file)
        }
    }

    /// Reads the magic bytes; records the format or the problem.
    private func sniff(_ file: inout InputFile) {
        do {
            let prefix = try FileSystem.readPrefix(file.path, count: ImageFile.signatureLength)
            file.format = ImageFile.format(ofPrefix: prefix)
            if file.format == nil { file.problem = prefix.isEmpty ? "empty file" : Self.notAnImage }
        } catch {
            file.problem = error.description
        }
    }

    static let notAnImage = "not a JPEG, PNG, WebP, AVIF, HEIF or GIF image (its first bytes are none of their signatures)"

    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!

    /// `root`: the real path of the directory named as input, which symlinks must stay inside.
    private mutating func walk(_ directory: PathBytes, relative: PathBytes, identity: FileIdentity, root: PathBytes) {
        guard walkedDirectories.insert(identity).inserted else { return }
        guard let dir = directory.withCString({ opendir($0) }) else {
            var file = InputFile(path: directory, isStandardInput: false, relativeDirectory: relative)
            file.problem = "cannot read directory: \(SystemError.current)"
            files.append(file)
            return
        }
        var names: [PathBytes] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else { break }
            // Read d_name in place: a dirent may be shorter than sizeof(dirent), so copying the
            // whole struct (entry.pointee) can read past the end of the directory buffer.
            let name = PathBytes(cString: (UnsafeRawPointer(entry) + Self.nameOffset).assumingMemoryBound(to: CChar.self))
            if name.bytes.first == PathBytes.dot { continue }   // ".", "..", dot files and temporaries
            names.append(name)
        }
        if errno != 0 {   // a listing cut short (I/O error) is reported, not taken as complete
            files.append(InputFile(path: directory, isStandardInput: false, relativeDirectory: relative,
                                   problem: "cannot read directory: \(SystemError.current)"))
        }
        closedir(dir)
        names.sort()
        for name in names {
            let path = directory.appending(name)
            var status: FileStatus
            do {
                status = try FileSystem.status(path, followingSymlinks: false)
            } catch {
                // Gone since readdir: nothing to do. Anything else (a path too long, ...) is reported, not dropped.
                if error.code != ENOENT { files.append(InputFile(path: path, isStandardInput: false, relativeDirectory: relative, problem: error.description)) }
                continue
            }
            let viaSymlink = status.kind == .symlink
            if viaSymlink {
                guard let target = try? FileSystem.status(path, followingSymlinks: true) else { skipped.brokenSymlinks += 1; continue }
                if !followSymlinks && (target.kind == .directory || !Self.isInside(FileSystem.realPath(path), root: root)) {
                    skipped.unfollowedSymlinks += 1
                    continue
                }
                status = target
            }
            switch status.kind {
            case .directory:
                if recursive { walk(path, relative: relative.appending(name), identity: status.identity, root: root) } else { skipped.folders += 1 }
            case .regular:
                var file = InputFile(path: path, isStandardInput: false, relativeDirectory: relative, identity: status.identity,
                                     viaSymlink: viaSymlink)
                do {
                    let prefix = try FileSystem.readPrefix(path, count: ImageFile.signatureLength)
                    file.format = ImageFile.format(ofPrefix: prefix)
                    if file.format == nil {
                        // Named like an image we read but not one: a damaged or empty file is a failure, not a silent skip.
                        guard ImageFormat(fileExtension: name.fileExtension) != nil else { skipped.nonImages += 1; continue }
                        file.problem = prefix.isEmpty ? "empty file" : Self.notAnImage
                    }
                } catch {
                    file.problem = error.description
                }
                files.append(file)
            case .symlink, .other:
                continue
            }
        }
    }

    /// Whether a resolved path lies below `root` (both real paths).
    private static func isInside(_ path: PathBytes?, root: PathBytes) -> Bool {
        guard let path else { return false }
        let prefix = root.bytes.last == PathBytes.slash ? root.bytes : root.bytes + [PathBytes.slash]
        return path.bytes.starts(with: prefix)
    }
}
