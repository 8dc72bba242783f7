import AspectFit

/// The `--help` page and the `--version` line.
enum HelpText {
    static let version = "aspectfit 0.1.0"

    /// The named ratios as "square 1:1, fourToThree 4:3, ...", wrapped for the options column.
    static var ratioNames: String {
        func side(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
        let items = AspectRatio.named.map { "\($0.name) \(side($0.ratio.width)):\(side($0.ratio.height))" }
        return wrap(items, indent: 28)
    }

    static var gravityNames: String { wrap(Gravity.named.map(\.name), indent: 28) }
    static var filterNames: String { wrap(Filter.allCases.map(\.rawValue), indent: 28) }

    /// Joins items with ", " into lines of at most 96 columns, continuation lines indented.
    static func wrap(_ items: [String], indent: Int) -> String {
        var lines: [String] = []
        var line = ""
        for (i, item) in items.enumerated() {
            let piece = item + (i < items.count - 1 ? "," : "")
            if !line.isEmpty && indent + line.count + 1 + piece.count > 92 {
                lines.append(line)
                line = piece
            } else {
                line += (line.isEmpty ? "" : " ") + piece
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }

    static var page: String { """
    NAME
        aspectfit - fit photos to an exact aspect ratio and size, fast

    SYNOPSIS
        aspectfit [options] INPUT...
        aspectfit [options] --files-from FILE|- [-0]
        command | aspectfit [options] - > out.jpg

    DESCRIPTION
        Each INPUT (a JPEG or PNG file, a directory of them, or - for standard input) is cropped to
        fill the requested aspect ratio (the overflow is clipped around --gravity), resampled with
        a high-quality filter to the requested size, optionally given anti-aliased rounded corners,
        and written as JPEG or PNG. EXIF orientation is applied. Large JPEGs are decoded at a
        reduced DCT scale when that loses nothing. With neither a ratio nor a size, the image keeps
        its own ratio and resolution (useful for converting: aspectfit -f png -o out.png in.jpg).

        Inputs are recognised by their first bytes, not their names. Directories give their
        images in name order; -R also walks sub-directories and mirrors them under the output
        directory. Non-images met in a directory are skipped (and counted); dot files are ignored.
        A file named explicitly that is not a JPEG or PNG is an error for that input.

    SHAPE OPTIONS
        -r, --ratio RATIO       Output aspect ratio: W:H (4:3), WxH, W/H, a number (1.5) or a
                                name (any case, also four-to-three, og):
                                \(ratioNames)
        -w, --width N           Output width in pixels (height follows from the ratio).
        -H, --height N          Output height in pixels. -w and -H together fix the size.
        -s, --size WxH          Exact output size (fixes the ratio too; not with --ratio).
            --max N             Longest output edge in pixels.
        -g, --gravity NAME      What to keep when cropping (default centre, also center):
                                \(gravityNames)
                                (any case; also top, bottom, left, right, ne, nw, se, sw,
                                top-left, ...).
            --focus X,Y         Keep this point (fractions 0..1 of the upright image) centred
                                as far as possible, e.g. --focus 0.5,0.3.
            --no-enlarge        Never upscale: a small source gives a smaller output.
            --radius R          Rounded corners: pixels (64, 64px) or % of the short side (12.5%).
            --corners STYLE     circular (default) or continuous (smooth, squircle-like).
            --background COLOR  Corner colour when the output has no alpha (JPEG): #rgb,
                                #rrggbb or a name (white, black, ...). Default white.
            --filter NAME       Resampling filter (default lanczos3):
                                \(filterNames)
            --linear            Resample in linear light (gamma-correct, slower).

    OUTPUT OPTIONS
        -o, --output PATH       Where to write:
                                  a FILE (one input; .jpg/.jpeg/.png sets the format),
                                  a DIRECTORY (created if missing; writes DIR/NAME.EXT, with -R
                                  DIR/REL/NAME.EXT), or
                                  a TEMPLATE containing {...}, or
                                  - for standard output (one input; not with --json).
                                PATH is a directory when it exists as one, ends in /, or has no
                                image extension; a template when it contains {.
                                Without -o: beside each input as NAME-WxH.EXT (standard input
                                goes to standard output).
                                Template fields: {name} input name without extension, {ext}
                                the input's extension when the format is unchanged (else jpg
                                or png), {dir} input's directory, {rel} sub-directory below the
                                walked input directory, {w} {h} output size, {ratio} e.g. 4x3.
        -f, --format FMT        jpeg, png or auto (default): the output file's extension, else
                                the input's own format, but PNG when the result has
                                transparency (e.g. --radius on a JPEG).
        -q, --quality N         JPEG quality 1-100 (default 85).
            --progressive       Progressive JPEG.
            --chroma444         JPEG without chroma subsampling (sharper colour edges, larger).
            --optimize-huffman  Optimal JPEG Huffman tables: a few percent smaller, a bit slower.
            --png-compression N zlib level 0-9 (default 3).
            --fast-png          PNG with the SUB filter and RLE: about 6x faster, ~10% larger.
            --strip             Drop all metadata, the ICC profile too. By default EXIF, GPS,
                                XMP and comments are dropped and the ICC profile is kept, so
                                colours stay right.
            --to-srgb           Convert profiled input (Display P3, Adobe RGB, ProPhoto...) to
                                sRGB and tag the output as sRGB, for places that ignore
                                profiles. sRGB and untagged input is left as it is.
            --keep-metadata     Keep the EXIF block too (camera, date, GPS), its orientation
                                set to 1 since the pixels are written upright.
            --max-pixels N      Refuse inputs with more pixels than N (default 268402689).
            --max-file-size SIZE
                                Refuse inputs larger than SIZE bytes (K, M, G suffixes; default
                                1G), unread; also caps standard input and --files-from lists.
            --fail-on WHAT      truncated (default): truncated or corrupt inputs fail;
                                none: accept what decodes, with a warning.

    BATCH OPTIONS
        -R, --recursive         Walk sub-directories of directory inputs (mirrored in the output).
            --follow-symlinks   Follow symlinked directories, and symlinked files pointing outside
                                the walked directory, while walking (loops are detected).
            --files-from FILE   Read more inputs from FILE (- for standard input), one per line.
        -0, --null              --files-from entries are NUL-separated (find -print0).
        -j, --jobs N            Images processed in parallel (default: number of CPU cores).
            --skip-existing     Leave inputs whose output already exists (resume a batch).
            --dry-run           Print each input's plan (sizes, crop, decode scale); decode and
                                write nothing.
            --shard K/N         Process only slice K of N: the inputs sorted by path bytes, every
                                N-th starting at K. Output collisions are still checked on the
                                whole list, so N machines or processes can share one job.

    REPORTING OPTIONS
            --json              One JSON object per input on standard output (in input order),
                                then a summary object. Fields: input, output, status
                                (ok|error|skipped|planned), error, source_width, source_height
                                (upright), source_format, orientation (EXIF 1-8),
                                crop {x,y,width,height} (upright source pixels),
                                output_width, output_height, output_format, decode_scale, bytes,
                                milliseconds, warnings. Summary: summary (true), total, ok, failed,
                                skipped, not_started, non_images_skipped, interrupted, milliseconds.
        -v, --verbose           Print each file's plan and step timings on standard error.
            --quiet             No progress bar and no summary line (errors are still printed).
            --progress, --no-progress
                                Force the progress bar on or off (default: on when standard
                                error is a terminal).
        -h, --help              This page.
            --version           Print the version.

    SAFETY
        Every output is written to a temporary file beside it, synced, and renamed into place, so
        a file is complete or absent. An input is never overwritten. Two inputs that would write
        the same file stop the batch before anything is written. Ctrl-C (or SIGTERM) finishes
        cleanly: no new files are started, in-flight ones are abandoned, temporaries are removed
        and the summary is printed; a second Ctrl-C exits at once, still removing temporaries.
        SIGHUP does the same (exit 129) unless ignored at start (nohup). If standard output is
        closed (--json ... | head), the batch stops quietly. Substituted names never move an
        output out of the folder a template starts with, and no output is written through a
        symlinked directory inside it. Only regular files are read (FIFOs and devices are
        refused); inputs are opened read-only and never modified.

    EXIT STATUS
        0    every input was written (or skipped, or planned)
        1    some inputs failed (each printed as "aspectfit: PATH: reason"); the rest were written
        2    bad usage: unknown option, bad value, conflicting options, output collision, an output
             that is an input; nothing was done
        130  interrupted by SIGINT (143: SIGTERM, 129: SIGHUP unless started under nohup)
        141  standard output was closed before the batch finished

        A missing or unreadable input is a per-input failure (status 1), not a usage error.

    EXAMPLES
        4:3 thumbnails 800 pixels wide into thumbs/:
            aspectfit --ratio 4:3 --width 800 --quality 85 -o thumbs/ photos/*.jpg
        Square avatars with rounded corners, as PNG:
            aspectfit --ratio square --width 512 --radius 64 --format png -o avatars/ *.jpg
        Mirror a whole tree, keeping the faces near the top:
            aspectfit -R -r 3:2 --max 1600 -g north -o web/ originals/
        Name outputs by size:
            aspectfit -r 16:9 -w 1280 -o 'out/{name}-{w}x{h}.{ext}' *.png
        Convert without resizing:
            aspectfit -f png -o out.png in.jpg
        In a pipe:
            curl -s https://example.com/a.jpg | aspectfit -r 1:1 -w 256 - > a-256.jpg
        From find, safe with any file name:
            find . -name '*.jpg' -print0 | aspectfit --files-from - -0 -r 4:3 -w 800 -o out/
            find . -name '*.jpg' -print0 | xargs -0 aspectfit -r 4:3 -w 800 -o out/
        Split one job over 8 processes (or machines, or a Slurm/Kubernetes array):
            parallel aspectfit --shard {}/8 -r 4:3 -w 800 -o out/ -R photos/ ::: 1 2 3 4 5 6 7 8
        Resume an interrupted batch:
            aspectfit --skip-existing -r 4:3 -w 800 -o out/ -R photos/
        List the failures with jq:
            aspectfit --json -r 4:3 -w 800 -o out/ -R photos/ | jq -r 'select(.status=="error") | .input'

    """ }
}
