/// What the input walk passed over, so a batch that does less than expected (or nothing) says why.
struct WalkSkips: Sendable, Equatable {
    /// Files in a walked folder that are not an image aspectfit reads and do not claim to be by their name.
    var nonImages = 0
    /// Symlinks not followed: to folders or out of the walked tree (without `--follow-symlinks`).
    var unfollowedSymlinks = 0
    /// Symlinks that lead nowhere: dangling, or in a loop of links.
    var brokenSymlinks = 0
    /// Every symlink skipped, as the JSON summary counts them.
    var symlinks: Int { unfollowedSymlinks + brokenSymlinks }
    /// Sub-folders not walked (without `-R`).
    var folders = 0
    /// Outputs of an earlier run beside their inputs (`EarlierOutputs`), in the default naming mode.
    var earlierOutputs = 0

    /// One phrase per kind skipped, saying how to include it where there is a way.
    var reasons: [String] {
        var list: [String] = []
        if nonImages > 0 { list.append("\(nonImages) non-image\(nonImages == 1 ? "" : "s") ignored") }
        if unfollowedSymlinks > 0 {
            list.append("\(unfollowedSymlinks) symlink\(unfollowedSymlinks == 1 ? "" : "s") skipped (--follow-symlinks follows them)")
        }
        if brokenSymlinks > 0 {
            list.append("\(brokenSymlinks) broken symlink\(brokenSymlinks == 1 ? "" : "s") skipped (dangling or in a loop)")
        }
        if folders > 0 { list.append("\(folders) sub-folder\(folders == 1 ? "" : "s") skipped (-R walks them)") }
        if earlierOutputs > 0 {
            list.append("\(earlierOutputs) earlier output\(earlierOutputs == 1 ? "" : "s") (NAME-WxH beside NAME) ignored")
        }
        return list
    }
}
