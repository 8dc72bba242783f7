/// The command line while its options are applied in order: the options so far, and the values
/// that only combine once all are seen (`-w` and `-H` together fix the size).
struct ParsedCommandLine: Sendable {
    var options = CommandLineOptions()
    var width: Int?
    var height: Int?
    /// `--variant` values in order, each split into words.
    var variants: [VariantText] = []
    /// `--variants-from FILE`, read once the command line is complete.
    var variantsFrom: PathBytes?
    /// What the command line got wrong without being an error (a value given twice), one line each.
    var warnings: [String] = []
}
