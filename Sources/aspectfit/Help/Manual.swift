import AspectFit

/// The manual's prose, shared by `--help` and the man page; the option sections between
/// DESCRIPTION and SAFETY come from `OptionTable`.
enum Manual {
    /// A piece of a section.
    enum Block: Sendable {
        /// Running text, wrapped to the reader's width.
        case paragraph(String)
        /// Lines kept as they are (the synopsis).
        case verbatim([String])
        /// A term and its explanation (an exit status and its meaning).
        case item(term: String, text: String)
        /// What an example does, then the commands.
        case example(caption: String, commands: [String])
    }

    struct Section: Sendable {
        var title: String
        var blocks: [Block]
    }

    static let version = "aspectfit 0.1.0"
    static let summary = "fit photos to an exact aspect ratio and size, fast"

    static let beforeOptions: [Section] = [
        Section(title: "NAME", blocks: [.paragraph("aspectfit - \(summary)")]),
        Section(title: "SYNOPSIS", blocks: [.verbatim([
            "aspectfit [options] INPUT...",
            "aspectfit [options] --files-from FILE|- [-0]",
            "command | aspectfit [options] - > out.jpg",
        ])]),
        Section(title: "DESCRIPTION", blocks: [
            .paragraph("""
            Each INPUT (a JPEG, PNG, WebP, AVIF, HEIF/HEIC or GIF file, a directory of them, or - for \
            standard input; of an animation, the first frame) is cropped to \
            fill the requested aspect ratio (the overflow is clipped around --gravity), resampled with \
            a high-quality filter to the requested size, optionally given anti-aliased rounded corners, \
            and written as JPEG, PNG, WebP or AVIF (by default in the input's format; HEIF and GIF \
            inputs, which are only read, become JPEG, or PNG when transparent, and so does a \
            transparent result from a JPEG). EXIF orientation (and HEIF's irot/imir) is \
            applied. Large JPEGs are decoded at a \
            reduced DCT scale when that loses nothing. With neither a ratio nor a size, the image keeps \
            its own ratio and resolution (useful for converting: aspectfit -f png -o out.png in.jpg).
            """),
            .paragraph("""
            Inputs are recognised by their first bytes, not their names. Directories give their \
            images in name order; -R also walks sub-directories and mirrors them under the output \
            directory. Non-images met in a directory are skipped (and counted); dot files are ignored. \
            A file named explicitly that is not an image of these formats is an error for that input.
            """),
            .paragraph("""
            A size no input could be made (over \(ImageFormat.largestMaxSide) pixels on a side or \(DecodeOptions.defaultMaxPixels) \
            in all, e.g. -w 70000 or -r 1:100 -w 1000) is a usage error, before any work.
            """),
        ]),
    ]

    static let afterOptions: [Section] = [
        Section(title: "SAFETY", blocks: [.paragraph("""
        Every output is written to a temporary file beside it, synced, and renamed into place, so \
        a file is complete or absent. An input is never overwritten. Two inputs that would write \
        the same file stop the batch before anything is written. Ctrl-C (or SIGTERM) stops at \
        once: no new files are started, in-flight ones are abandoned without waiting (nothing of \
        theirs is written), temporaries are removed and the summary is printed; a second Ctrl-C \
        exits at once, still removing temporaries. \
        SIGHUP does the same (exit 129) unless ignored at start (nohup). If standard output is \
        closed (--json ... | head), the batch stops quietly. Substituted names never move an \
        output out of the folder a template starts with, and no output is written through a \
        symlinked directory inside it. Only regular files are read (FIFOs and devices are \
        refused); inputs are opened read-only and never modified.
        """)]),
        Section(title: "EXIT STATUS", blocks: [
            .item(term: "0", text: "every input was written (or skipped, or planned)"),
            .item(term: "1", text: "some inputs failed (each printed as \"aspectfit: PATH: reason\"); the rest were written"),
            .item(term: "2", text: "bad usage: unknown option, bad value, conflicting options, a size no input can be made, "
                + "output collision, an output that is an input; nothing was done"),
            .item(term: "130", text: "interrupted by SIGINT (143: SIGTERM, 129: SIGHUP unless started under nohup)"),
            .item(term: "141", text: "standard output was closed before the batch finished"),
            .paragraph("A missing or unreadable input is a per-input failure (status 1), not a usage error."),
        ]),
        Section(title: "EXAMPLES", blocks: [
            .example(caption: "4:3 thumbnails 800 pixels wide into thumbs/:",
                     commands: ["aspectfit --ratio 4:3 --width 800 --quality 85 -o thumbs/ photos/*.jpg"]),
            .example(caption: "Square avatars with rounded corners, as PNG:",
                     commands: ["aspectfit --ratio square --width 512 --radius 64 --format png -o avatars/ *.jpg"]),
            .example(caption: "Mirror a whole tree, keeping the faces near the top:",
                     commands: ["aspectfit -R -r 3:2 --max 1600 -g north -o web/ originals/"]),
            .example(caption: "Name outputs by size:", commands: ["aspectfit -r 16:9 -w 1280 -o 'out/{name}-{w}x{h}.{ext}' *.png"]),
            .example(caption: "Convert without resizing:", commands: ["aspectfit -f png -o out.png in.jpg"]),
            .example(caption: "In a pipe:", commands: ["curl -s https://example.com/a.jpg | aspectfit -r 1:1 -w 256 - > a-256.jpg"]),
            .example(caption: "From find, safe with any file name:", commands: [
                "find . -name '*.jpg' -print0 | aspectfit --files-from - -0 -r 4:3 -w 800 -o out/",
                "find . -name '*.jpg' -print0 | xargs -0 aspectfit -r 4:3 -w 800 -o out/",
            ]),
            .example(caption: "Split one job over 8 processes (or machines, or a Slurm/Kubernetes array):",
                     commands: ["parallel aspectfit --shard {}/8 -r 4:3 -w 800 -o out/ -R photos/ ::: 1 2 3 4 5 6 7 8"]),
            .example(caption: "Resume an interrupted batch:", commands: ["aspectfit --skip-existing -r 4:3 -w 800 -o out/ -R photos/"]),
            .example(caption: "List the failures with jq:", commands: [
                "aspectfit --json -r 4:3 -w 800 -o out/ -R photos/ | jq -r 'select(.status==\"error\") | .input'",
            ]),
        ]),
    ]
}
