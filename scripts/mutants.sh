#!/usr/bin/env bash
# Mutation testing: plants each deliberate one-line bug below, one at a time, in a scratch copy of
# the project, builds it, runs the tests meant to notice, and reports the mutant caught or missed.
# Exits non-zero if any mutant is missed, or no longer applies (its snippet must occur exactly once
# under Sources/, wherever files move), or fails to compile.
#
#   bash scripts/mutants.sh                  # every mutant
#   MUTANTS_ONLY='corner|mitchell' bash scripts/mutants.sh   # names matching an extended regex
#
# The scratch copy lives in $MUTANTS_DIR (default /tmp/aspectfit-mutants-$USER-<checksum of the
# project's path>, so two checkouts never share one, nor its copy of the file being mutated); its .build stays
# between mutants and runs, so each build is incremental. The real tree is never modified, except
# with MUTANTS_IN_PLACE=1 (CI, on a throwaway clone whose .build the suite has just built): the
# mutants are planted in the tree itself, each file restored after its mutant and on any exit.
set -euo pipefail
cd "$(dirname "$0")/.."
# Planted bugs crash children: without the Swift runtime's backtracer they die at once (it can hang,
# holding their standard error open, until the mutant's 600 s timeout).
export SWIFT_BACKTRACE=${SWIFT_BACKTRACE:-enable=no}
root=$PWD
scratch=${MUTANTS_DIR:-/tmp/aspectfit-mutants-$(id -un)-$(printf '%s' "$root" | cksum | cut -d' ' -f1)}
only=${MUTANTS_ONLY:-}
in_place=${MUTANTS_IN_PLACE:-0}
tree=$scratch/tree
[[ $in_place == 1 ]] && tree=$root
logs=$scratch/logs

# Each mutant: "@ name", "? swift test --filter regex", "- original snippet", "+ replacement".
mutants=$(cat <<'EOF'
@ contain-no-enlarge-scales-up
? NoEnlargeTests
- if !options.enlarge { scale = min(scale, 1) }
+ if options.enlarge { scale = min(scale, 1) }

@ contain-box-inside-the-source
? NoEnlargeTests
- let width = wider ? w : max(w, (h * ratio.width / ratio.height).rounded())
+ let width = wider ? w : min(w, (h * ratio.width / ratio.height).rounded())

@ translucent-background-never-underlaid
? fillsWhatTheOutputHasToFillInEveryFormat
- if plan.outputLayout.hasAlpha, let background = options.background, background.a > 0 {
+ if plan.outputLayout.hasAlpha, let background = options.background, background.a > 255 {

@ opaque-background-keeps-alpha
? BackgroundTests
- let fillsOpaque = options.background?.isOpaque == true
+ let fillsOpaque = false

@ corners-on-picture-rounds-the-box
? cornersOnThePictureOrTheBox
- let onPicture = options.cornersOn == .picture && letterbox != nil
+ let onPicture = options.cornersOn == .box && letterbox != nil

@ corners-on-bars-never-warned
? cornersOnThePictureOrTheBox
- allSatisfy { mask.coverage(x: $0.0, y: $0.1) == 255 }
+ allSatisfy { mask.coverage(x: $0.0, y: $0.1) == 0 }

@ css-colour-name-wrong
? everyCSSColourNameFillsWithItsValue
- ("mediumseagreen", 0x3CB371)
+ ("mediumseagreen", 0x3CB372)

@ rgba-comma-alpha-ignored
? RGBColorTests
- if alphaText == nil, parts.count == 4 { alphaText = parts.removeLast() }
+ if alphaText == nil, parts.count == 4 { parts.removeLast() }

@ chroma-rule-ignores-quality
? chromaFollowsTheQualityUnlessTold
- chroma ?? (quality >= Self.fullChromaQuality ? .full444 : .subsampled420)
+ chroma ?? .subsampled420

@ plan-mask-of-the-box-under-picture
? CornerPlanTests
- let rounded = onPicture ? (width: crop.outputWidth, height: crop.outputHeight) : box
+ let rounded = box

@ workspace-mask-ignores-style
? CornerPlanTests
- if let mask, mask.width == width, mask.height == height, mask.style == style,
+ if let mask, mask.width == width, mask.height == height,

@ workspace-mask-ignores-radius
? CornerPlanTests
- mask.radius == radius.pixels(width: width, height: height) {
+ true {

@ name-overrides-a-fixed-format
? anOutputNameDecidesTheFormatUnlessFixedToAnother|OutputNamingTests|OutputPathTests
- return self == .auto || self == named ? named : nil
+ return named

@ trim-subjects-left-in-the-box
? subjectsFoundInTheBoxAreReportedInTheWholeImage
- Subject(kind: s.kind, x: (Double(box.x) + s.x * Double(box.width)) / w, y: (Double(box.y) + s.y * Double(box.height)) / h,
+ Subject(kind: s.kind, x: s.x, y: s.y,

@ sixteen-bit-corners-on-box
? sixteenBitPNGFillsTheSameWay
- if plan.roundsPicture { plan.corners?.apply(to: &image) }
+ if false { plan.corners?.apply(to: &image) }

@ idle-option-never-warned
? IdleOptionTests
- guard given.contains(option), let formats = readers[option], formats.isDisjoint(with: written) else { return nil }
+ guard given.contains(option), let formats = readers[option], formats.isDisjoint(with: []) else { return nil }

@ fixed-format-limit-ignored
? IdleOptionTests
- if let format, max(plan.outputWidth, plan.outputHeight) > format.maxSide {
+ if let format, max(plan.outputWidth, plan.outputHeight) > ImageFormat.largestMaxSide {

@ webp-mark-leaves-the-riff-size
? aRerunReplacesOnlyItsOwnWebPAndAVIF
- framed.replaceSubrange(4..<8, with: littleEndian(UInt32(framed.count + textLength - 8)))
+ _ = framed

@ auto-turns-webp-into-jpeg
? webpAndAVIFArePlannedAndWritten
- if source.isWritable && (source != .gif || animated) && (!transparent || source.holdsAlpha) { source }
+ if source.isWritable && source != .webp && (source != .gif || animated) && (!transparent || source.holdsAlpha) { source }

@ mistyped-option-gets-no-prefix-hint
? TypoAndMisnameTests
- if !name.isEmpty, (1...3).contains(extensions.count) { return extensions }
+ if name.isEmpty, (1...3).contains(extensions.count) { return extensions }

@ mistyped-extension-becomes-a-folder
? TypoAndMisnameTests
- return output.fileExtension.isEmpty ? output : nil
+ return output

@ summary-only-on-a-terminal
? TypoAndMisnameTests
- guard !options.quiet, control.stopRequested != 141 else { return }
+ guard !options.quiet, StandardStreams.errorIsTerminal, control.stopRequested != 141 else { return }

@ repeated-value-not-noticed
? TypoAndMisnameTests
- if let earlier = given[option.long], earlier != value {
+ if let earlier = given[option.long], earlier == value {

@ replaces-a-file-it-did-not-write
? OwnershipTests
- if WriterMark.isMarked(path: path) {
+ if true {

@ named-input-taken-for-an-earlier-output
? OwnershipTests
- guard !file.named, file.format != nil
+ guard file.format != nil

@ edited-earlier-output-still-counts-as-ours
? OwnershipTests
- return crc.value == claimed
+ return true

@ descriptors-0-to-2-not-reserved
? closedStandardDescriptorsAreHeldOnDevNull
- let null = open("/dev/null", O_RDWR)
+ let null: Int32 = -1

@ every-write-error-taken-for-a-closed-pipe
? aReportToAFullDeviceIsAnError
- return error.code == EPIPE ? .closed : .failed(error)
+ return .closed

@ image-over-the-memory-budget-still-run
? maxMemoryRefusesWhatIsOverItAndDryRunReportsTheEstimate
- if bytes > limit { return false }
+ if bytes < 0 { return false }

@ workspace-kept-whatever-the-budget
? inAMemoryCgroupThePeakStaysUnderTheBudget
- if !budget.mayKeep(memory) { workspace.empty() }
+ _ = workspace

@ input-rewritten-since-planning-not-noticed
? MidBatchChangeTests
- try Self.checkUnchanged(header, since: items[first.index].source)
+ _ = header

@ input-swapped-for-a-symlink-read-through-it
? MidBatchChangeTests
- limit: options.maxFileSize, following: input.viaSymlink, expecting: input.identity)
+ limit: options.maxFileSize)

@ plan-centre-snapped-to-whole-pixels
? CropPlanExampleTests|CropPlanPropertyTests
- case .centre: return wholePixels ? (free / 2).rounded(.down) : free / 2
+ case .centre: return wholePixels ? (free / 2).rounded(.down) : (free / 2).rounded()

@ plan-height-rounded-down
? CropPlanExampleTests|CropPlanPropertyTests
- max(1, (width * ratio.height / ratio.width).rounded())
+ max(1, (width * ratio.height / ratio.width).rounded(.down))

@ plan-gravity-end-is-start
? CropPlanExampleTests|CropPlanPropertyTests
- case .end: return free
+ case .end: return 0

@ plan-focus-not-centred-in-the-box
? CropPlanExampleTests|CropPlanPropertyTests
- let ideal = f * extent - length / 2
+ let ideal = f * extent - length / 4

@ decode-scale-one-step-too-coarse
? DecodeScaleRuleTests|CropPlanExampleTests|CropPlanPropertyTests
- if bound.allows(scale: d, factorX: fx, factorY: fy) { return d }
+ if bound.allows(scale: d, factorX: fx, factorY: fy) { return min(8, d * 2) }

@ decode-scale-one-step-too-coarse-seen-in-the-pixels
? zonePlateDoesNotAlias|photosAtTheEdgeOfTheBoundStayWithinIt
- if bound.allows(scale: d, factorX: fx, factorY: fy) { return d }
+ if bound.allows(scale: d, factorX: fx, factorY: fy) { return min(8, d * 2) }

@ decode-scale-one-step-too-fine
? DecodeScaleRuleTests|CropPlanExampleTests|CropPlanPropertyTests
- if bound.allows(scale: d, factorX: fx, factorY: fy) { return d }
+ if bound.allows(scale: d, factorX: fx, factorY: fy) { return d / 2 }

@ write-behind-not-drained
? WriteBehindTests
- writes.finish()
+ _ = writes

@ chroma-repeated-below-a-2x-reduction
? repeatedChromaOnlyWhereTheResamplerHidesIt
- return scaledCrop.width >= 2 * Double(stored.0) && scaledCrop.height >= 2 * Double(stored.1)
+ return scaledCrop.width >= 1.4 * Double(stored.0) && scaledCrop.height >= 1.4 * Double(stored.1)

@ chroma-repeated-for-a-lossless-output
? losslessOutputsKeepSmoothedChroma
- var hidesChromaReplication: Bool { outputFormat == .jpeg && geometry.hidesChromaReplication }
+ var hidesChromaReplication: Bool { geometry.hidesChromaReplication }

@ smart-crop-chroma-always-smoothed
? smartCropRepeatsChromaOnlyWhereTheResamplerHidesIt
- decode.smoothChroma = !plan.hidesChromaReplication
+ decode.smoothChroma = true

@ template-ending-in-rel-is-a-file
? OutputNamingTests
- if text.last == PathBytes.slash || parts.last == .rel {
+ if text.last == PathBytes.slash {

@ opaque-alpha-reads-rgb-a-word-apart
? CornerMaskApplyTests
- source += 3
+ source += 4

@ fast-png-is-not-the-fastest-level
? pngCompressionAndRowFiltersShowInTheFile
- action: .flag { $0.options.fit.png.compressionLevel = 1 },
+ action: .flag { $0.options.fit.png.compressionLevel = 2 },

@ box-mean-skips-the-first-pixel-of-a-block
? everyCoarsePixelIsTheMeanOfItsBlock
- for (int i = 0; i < factor; i++) {
+ for (int i = 1; i < factor; i++) {

@ horizontal-second-pixel-of-a-pair-gets-the-first-ones-weights
? InstructionSetTests
- colour_group(q, channels, w + 4, 8, &low1, &high1);
+ colour_group(q, channels, w, 8, &low1, &high1);

@ chroma-never-repeated
? repeatedChromaOnlyWhereTheResamplerHidesIt|replicatedChromaMatchesDjpegNosmooth
- c.replicate_chroma = options.smoothChroma ? 0 : 1
+ c.replicate_chroma = 0

@ read-growth-drops-a-byte
? OutputPathTests
- storage.baseAddress!.update(from: $0.baseAddress!, count: filled)
+ storage.baseAddress!.update(from: $0.baseAddress!, count: filled - 1)

@ group-renamed-unsynced
? DurabilityTests
- let synced = flushing.map { member in Result { () throws(WriteError) in try writer.settle(member.staged) } }
+ let synced = flushing.map { _ in Result<Void, WriteError>.success(()) }

@ default-skips-the-sync
? everyOutputIsSyncedBeforeItsRenameByDefault
- var syncOutputs = true
+ var syncOutputs = false

@ no-sync-ignored
? DurabilityTests
- action: .flag { $0.options.syncOutputs = false }),
+ action: .flag { _ in }),

@ group-write-failure-reported-as-written
? DurabilityTests
- case .failure(let error): complete(index, failed(error))
+ case .failure: complete(index, written)

@ window-waiters-never-woken
? aWorkerHeldByTheWindowIsWoken
- if windowWaiters > 0 { control.lock.broadcast() }
+ if windowWaiters < 0 { control.lock.broadcast() }

@ decode-bound-lanczos3-back-to-the-2x-rule
? DecodeScaleRuleTests|CropPlanExampleTests|CropPlanPropertyTests
- case (.dct, 3...): minimumFactors = [2: 2, 4: 2.5, 8: 2.5]
+ case (.dct, 3...): minimumFactors = [2: 2, 4: 2, 8: 2]

@ decode-region-margin-ignores-the-scale-factor
? CropPlanExampleTests|CropPlanPropertyTests
- let support = filterRadius * factor
+ let support = filterRadius

@ kernel-mitchell-c-one-half
? ResamplerQualityTests.matchesTheFloatReference
- case .mitchell: Filter.cubic(x, b: 1.0 / 3.0, c: 1.0 / 3.0)
+ case .mitchell: Filter.cubic(x, b: 1.0 / 3.0, c: 1.0 / 2.0)

@ kernel-lanczos3-two-lobes
? ResamplerQualityTests.matchesTheFloatReference
- case .lanczos3: Filter.lanczos(x, lobes: 3)
+ case .lanczos3: Filter.lanczos(x, lobes: 2)

@ kernel-catmull-rom-is-b-spline-ish
? ResamplerQualityTests.matchesTheFloatReference
- case .catmullRom: Filter.cubic(x, b: 0, c: 0.5)
+ case .catmullRom: Filter.cubic(x, b: 0.2, c: 0.5)

@ radius-lanczos3-truncated-at-2
? ResamplerQualityTests.matchesTheFloatReference
- case .lanczos3: 3
+ case .lanczos3: 2

@ weights-not-normalised
? ResamplerQualityTests.matchesTheFloatReference
- var q = real.map { Int(($0 / sum * Double(one)).rounded()) }
+ var q = real.map { Int(($0 * Double(one)).rounded()) }

@ weights-rounding-residual-dropped
? quantisedWeightsSumToOne|ResamplerQualityTests.matchesTheFloatReference
- q[largest] += one - q.reduce(0, +)
+ q[largest] += 0

@ no-antialiasing-stretch
? ResamplerQualityTests.matchesTheFloatReference
- let stretch = filter.stretchesWhenDownscaling ? max(factor, 1) : 1
+ let stretch = filter.stretchesWhenDownscaling ? 1.0 : 1.0

@ premultiply-skipped-scalar
? ResamplerQualityTests.matchesTheFloatReference
- for c in 0 ..< colours { destination[base + c] = SourceConversion.premultiplied(source[base + c], a) }
+ for c in 0 ..< colours { destination[base + c] = SourceConversion.premultiplied(source[base + c], 255) }

@ srgb-gamma-2.2
? ResamplerQualityTests.matchesTheFloatReferenceInLinearLight
- v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
+ v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.2)

@ corner-coverage-rounded-down
? CoverageOracleTests
- return UInt8(min(254, max(1, (coverage * 255).rounded())))
+ return UInt8(min(254, max(1, (coverage * 255).rounded(.down))))

@ corner-radius-not-clamped
? CoverageOracleTests|CircularCornerTests
- return wanted.isNaN ? 0 : min(max(wanted, 0), limit)
+ return wanted.isNaN ? 0 : max(wanted, 0)

@ corner-continuous-exponent-3
? CoverageOracleTests
- static let continuousExponent = 3.343
+ static let continuousExponent = 3.0

@ pipeline-ignores-the-filter
? theRunUsesTheChosenFilterAndLight
- return output.workspace.resampler(filter: output.filter, sourceWidth: source.width,
+ return output.workspace.resampler(filter: .lanczos3, sourceWidth: source.width,

@ pipeline-ignores-linear-light
? theRunUsesTheChosenFilterAndLight
- layout: layout, linearLight: output.linearLight)
+ layout: layout, linearLight: false)

@ pipeline-flattens-onto-white
? everyOptionGivesTheLibrarysBytesAndChangesThem
- image = flatten(image, onto: opaqueFill)
+ image = flatten(image, onto: .white)

@ jpeg-quality-ignored
? qualityScalesTheQuantisationTables
- var c = cio_jpeg_options(quality: Int32(clamping: options.quality), progressive: options.progressive ? 1 : 0,
+ var c = cio_jpeg_options(quality: 85, progressive: options.progressive ? 1 : 0,

@ jpeg-chroma-444-ignored
? progressiveChromaAndHuffmanShowInTheMarkers
- int factor = options->full_chroma ? 1 : 2;
+ int factor = 2;

@ jpeg-progressive-ignored
? progressiveChromaAndHuffmanShowInTheMarkers
- if (options->progressive) jpeg_simple_progression(&cinfo);
+ if (0) jpeg_simple_progression(&cinfo);

@ jpeg-optimize-huffman-ignored
? progressiveChromaAndHuffmanShowInTheMarkers
- full_chroma: options.resolvedChroma == .full444 ? 1 : 0, optimize_huffman: options.optimizeHuffman ? 1 : 0,
+ full_chroma: options.resolvedChroma == .full444 ? 1 : 0, optimize_huffman: 0,

@ png-compression-level-ignored
? pngCompressionAndRowFiltersShowInTheFile
- struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(options->compression_level);
+ struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(6);

@ png-icc-not-written
? metadataInAndOutOfBothFormats
-         png_set_iCCP(png, info, "icc", PNG_COMPRESSION_TYPE_BASE, icc, (png_uint_32)icc_size);
+         (void)icc;

@ exif-orientation-not-reset
? metadataInAndOutOfBothFormats|KeptMetadataTests|EXIFRewriteTests
- case 0x0112: entry = order.short(entry.tag, 1)
+ case 0x0112: break

@ exif-size-not-rewritten
? KeptMetadataTests|EXIFRewriteTests
- case 0x0100, 0xA002: entry = order.long(entry.tag, UInt32(width))
+ case 0x0100: entry = order.long(entry.tag, UInt32(width))

@ exif-kept-as-it-came
? KeptMetadataTests|EXIFRewriteTests
- return edited(ifd0).written(bigEndian: bigEndian, limit: block.count + 64)
+ return block

@ exif-maker-note-kept
? EXIFRewriteTests
- 0x927C,                           // the maker note
+ 0x0000,                           // the maker note

@ exif-rewrite-unbounded
? EXIFRewriteTests
- guard bytes.count + entry.value.count <= limit else { return nil }
+ guard bytes.count + entry.value.count <= Int.max else { return nil }

@ exif-rights-keep-everything
? KeptMetadataTests|EXIFRewriteTests
- let kept = ifd0.entries.filter { rights.union(required).contains($0.tag) && $0.directory == nil }
+ let kept = ifd0.entries

@ xmp-orientation-kept
? KeptMetadataTests|XMPAndIPTCTests
- for (name, value) in [("tiff:Orientation", 1), ("exif:PixelXDimension", width), ("exif:PixelYDimension", height),
+ for (name, value) in [("tiff:OrientationX", 1), ("exif:PixelXDimension", width), ("exif:PixelYDimension", height),

@ xmp-thumbnails-kept
? XMPAndIPTCTests
- while let range = elementRange(of: Array("xmp:Thumbnails".utf8), in: text) { text.removeSubrange(range) }
+ _ = text

@ xmp-rights-keep-everything
? KeptMetadataTests|XMPAndIPTCTests
- source.xmp.flatMap(XMPPacket.rightsOnly),
+ source.xmp,

@ iptc-rights-keep-everything
? KeptMetadataTests|XMPAndIPTCTests
- if rightsDatasets.contains(id) || framing.contains(id) { kept += records[at..<at + 5 + length] }
+ kept += records[at..<at + 5 + length]

@ jpeg-xmp-not-written
? KeptMetadataTests
- if (markers->xmp_size > 0) write_marker(cinfo, 1, XMP_SIGNATURE, sizeof XMP_SIGNATURE, metadata->xmp, markers->xmp_size);
+ (void)markers->xmp_size;

@ jpeg-iptc-not-written
? KeptMetadataTests
- write_marker(cinfo, 13, PHOTOSHOP_SIGNATURE, sizeof PHOTOSHOP_SIGNATURE, markers->photoshop.bytes,
+ if (0) write_marker(cinfo, 13, PHOTOSHOP_SIGNATURE, sizeof PHOTOSHOP_SIGNATURE, markers->photoshop.bytes,

@ png-xmp-not-written
? KeptMetadataTests
- texts[text_count].key = "XML:com.adobe.xmp";
+ texts[text_count].key = "XML:com.adobe.xmq";

@ png-iptc-not-written
? KeptMetadataTests
- texts[text_count].key = "Raw profile type iptc";
+ texts[text_count].key = "Raw profile type iptq";

@ webp-xmp-not-written
? KeptMetadataTests
- if (error == WEBP_MUX_OK && xmp) error = WebPMuxSetChunk(mux, "XMP ", &packet, 0);
+ (void)packet;

@ avif-xmp-not-written
? KeptMetadataTests
- if (metadata->xmp != NULL && metadata->xmp_size > 0) avifImageSetMetadataXMP(avif, metadata->xmp, metadata->xmp_size);
+ (void)0;

@ heif-xmp-not-read
? KeptMetadataTests
- if (type == NULL || strcmp(type, "application/rdf+xml") != 0) continue;
+ continue;

@ png-xmp-not-read
? KeptMetadataTests
- cio_png_xmp(data, size, &info->xmp, &info->xmp_size);
+ (void)0;

@ avif-exif-prefix-not-skipped
? KeptMetadataTests
- cio_copy_heif_exif(bytes + 6, size - 6, tiff, tiff_size);   /* ... and leaves the JPEG-style prefix exiftool writes */
+ (void)0;

@ cli-auto-format-ignores-corners
? cutCornersTurnAJPEGIntoAPNG
- if source.isWritable && (source != .gif || animated) && (!transparent || source.holdsAlpha) { source }
+ if source.isWritable && (source != .gif || animated) { source }

@ cli-beside-input-name-underscore
? OutputPathTests
- .literal(Array("-".utf8)),
+ .literal(Array("_".utf8)),

@ cli-skip-existing-inverted
? skipExistingResumesABatch
- if options.skipExisting && FileSystem.exists(path) {
+ if options.skipExisting && !FileSystem.exists(path) {

@ cli-shard-slices-rotated
? shardKOfNTakesEveryNthSortedInputFromTheKth
- func contains(sortedPosition i: Int) -> Bool { i % count == index - 1 }
+ func contains(sortedPosition i: Int) -> Bool { i % count == index % count }

@ smart-crop-always-centred
? SubjectWindowTests
- guard keptByCentre < Self.centreKeeps else { return centred }
+ guard keptByCentre < -1 else { return centred }

@ smart-crop-salient-margin-ignored
? SubjectWindowTests
- guard held > 0, held >= Self.margin * heldCentred else { return centred }
+ guard held >= 0 else { return centred }

@ smart-crop-head-not-grown
? SubjectWindowTests
- static let head = (side: 0.15, top: 0.4, bottom: 0.15)
+ static let head = (side: 0.0, top: 0.0, bottom: 0.0)

@ smart-crop-faces-ignored
? SmartCropSubjectsEndToEndTests|FrameEvidenceTests
- faces = FaceDetector.faces(in: image)
+ faces = []

@ face-filters-transposed
? FaceDetectorConformanceTests
- for (auto *filter : {&bank.row_filters[i][j], &bank.col_filters[i][j]}) {
+ for (auto *filter : {&bank.col_filters[i][j], &bank.row_filters[i][j]}) {

@ face-overlapping-boxes-kept
? FaceDetectorConformanceTests
- if (!overlaps) kept.push_back(d);
+ kept.push_back(d);

@ analysis-copy-ignores-orientation
? AnalysisImageTests
- let upright = orientation.uprightPixel(i: k, j: j, storedWidth: gw, storedHeight: gh)
+ let upright = Orientation.up.uprightPixel(i: k, j: j, storedWidth: gw, storedHeight: gh)
@ huge-page-span-reaches-past-the-buffer
? HugePageAdviceTests
- const uintptr_t last = (address + size) - (address + size) % HUGE_PAGE;
+ const uintptr_t last = (address + size) - (address + size) % HUGE_PAGE + HUGE_PAGE;
@ huge-page-span-starts-before-the-buffer
? HugePageAdviceTests
- const uintptr_t first = address + (HUGE_PAGE - 1 - (address + HUGE_PAGE - 1) % HUGE_PAGE);
+ const uintptr_t first = address - address % HUGE_PAGE;
@ band-split-leaves-a-row-to-neither
? ResamplerBandTests
- let second = Band(resampler: partner, rows: rows, range: middle ..< plan.storedHeight, image: bytes.baseAddress!)
+ let second = Band(resampler: partner, rows: rows, range: middle + 1 ..< plan.storedHeight, image: bytes.baseAddress!)
@ band-ring-fed-one-row-late
? ResamplerBandTests
- consumed = first
+ consumed = first + 1
@ workspace-partner-kept-for-another-plan
? ThreadsPerImageTests
- if let partner, partner.plan == resampler.plan { return partner }
+ if let partner { return partner }
@ side-thread-faces-dropped
? FrameEvidenceTests|ThreadsPerImageTests
- (faces, saliency) = alongside({ FaceDetector.faces(in: image) }, { SaliencyMap(image) })
+ (faces, saliency) = alongside({ [Subject]() }, { SaliencyMap(image) })
@ side-thread-does-not-run-the-side
? SideThreadTests
- Unmanaged<SideWork>.fromOpaque(context!).takeRetainedValue().run()
+ _ = Unmanaged<SideWork>.fromOpaque(context!).takeRetainedValue()
@ analysis-copy-halves-skip-a-row
? AnalysisImageTests
- { cells.add(rows: stride(from: step / 2, to: half, by: step)) })
+ { cells.add(rows: stride(from: step / 2, to: half - step, by: step)) })
@ face-avx2-scan-threshold-lowered
? FaceDetectorConformanceTests
- std::vector<cfd_face> cfd::scan_avx2(const uint8_t *grey, int width, int height, int stride, double adjust) {
+ std::vector<cfd_face> cfd::scan_avx2(const uint8_t *grey, int width, int height, int stride, double adjust) { adjust -= 0.25;
@ face-box-axes-swapped
? FaceDetectorTests
- return Subject(kind: .face, x: x0 / Double(w), y: y0 / Double(h), width: (x1 - x0) / Double(w),
+ return Subject(kind: .face, x: y0 / Double(h), y: x0 / Double(w), width: (x1 - x0) / Double(w),

@ fft-direction-reversed
? SaliencyTests
- let angle = (inverse ? 2 : -2) * Double.pi / Double(length)
+ let angle = (inverse ? -2 : 2) * Double.pi / Double(length)

@ saliency-ignores-alpha
? SaliencyTests
- total[y * w + x] = s * s * (1 - Self.centrePrior * min(1, dx * dx + dy * dy)) * alpha[y * w + x]
+ total[y * w + x] = s * s * (1 - Self.centrePrior * min(1, dx * dx + dy * dy))

@ geodesic-texture-steps-cost
? GeodesicSaliencyTests
- let reached = reach + max(0, (dl * dl + da * da + db * db).squareRoot() - textureStep)
+ let reached = reach + (dl * dl + da * da + db * db).squareRoot()

@ text-cue-counts-coloured-edges
? TextCueTests
- guard rg * rg + yb * yb < greyLimit else { continue }
+ guard rg * rg + yb * yb >= 0 else { continue }

@ text-cue-not-weighed
? EvidenceSetTests
- (planes[7], Self.textWeight),
+ (planes[7], 0),

@ block-means-row-within-the-imcu-ignored
? BlockMeansTests
- (JDIMENSION)((rows - means->base[ci]) >> means->column_shift[ci]);
+ (JDIMENSION)0;

@ block-means-column-unscaled
? BlockMeansTests
- const JDIMENSION block_column = column >> means->column_shift[ci];
+ const JDIMENSION block_column = column;

@ block-mean-truncated-not-rounded
? greyAnd444MeansAreDjpegsEighthScale
- const long mean = ((dc + 4) >> 3) + 128;
+ const long mean = (dc >> 3) + 128;

@ block-means-chroma-not-subsampled
? drawnBlocksComeBackFromEveryKindOfFile
- const JDIMENSION bx = x * (JDIMENSION)means->h_samp[ci] / (JDIMENSION)means->max_h_samp;
+ const JDIMENSION bx = x;

@ block-means-read-alone-from-several-scans
? drawnBlocksComeBackFromEveryKindOfFile
- if (status == CIO_OK && (jpeg_has_multiple_scans(&d->cinfo) || !cio_block_means_supported(&d->cinfo))) {
+ if (status == CIO_OK && !cio_block_means_supported(&d->cinfo)) {

@ attention-analyses-the-frame-of-a-large-jpeg
? BlockMeansRouteTests
- && (max(source.width, source.height) + 7) / 8 >= FaceDetector.longSide
+ && (max(source.width, source.height) + 7) / 8 >= 4 * FaceDetector.longSide

@ block-means-read-alone-ignore-orientation
? BlockMeansRouteTests
- .map { FrameEvidence(.attention, frame: $0, orientation: orientation, threads: 1) }
+ .map { FrameEvidence(.attention, frame: $0, orientation: .up, threads: 1) }

@ subjects-in-analyses-the-frame
? theSubjectsAreThoseOfTheBlockMeans
- if pipeline.analysesBlockMeans(of: source) {
+ if false {

@ multi-scan-jpeg-probed-as-one-scan
? severalScansAreProbedAsProgressive
- info->progressive = jpeg_has_multiple_scans(&cinfo) ? 1 : 0;
+ info->progressive = cinfo.progressive_mode ? 1 : 0;

@ geodesic-heap-keeps-the-largest
? GeodesicSaliencyTests
- if left < entries.count, entries[left].distance < entries[least].distance { least = left }
+ if left < entries.count, entries[left].distance > entries[least].distance { least = left }

@ geodesic-sides-not-seeded
? GeodesicSaliencyTests
- for i in 0 ..< n * n where i < n || i >= n * (n - 1) || i % n == 0 || i % n == n - 1 {
+ for i in 0 ..< n * n where i < n || i >= n * (n - 1) {

@ geodesic-cue-dropped
? EvidenceSetTests
- (GeodesicSaliency.saliency(luma: luma, redGreen: redGreen, yellowBlue: yellowBlue, side: w), 2),
+ (GeodesicSaliency.saliency(luma: luma, redGreen: redGreen, yellowBlue: yellowBlue, side: w), 0),

@ evidence-subjects-merged-whole
? EvidenceSetTests
- let kept = blobs.filter { $0.mass >= Self.mergedShare * top.mass }
+ let kept = blobs

@ smart-crop-window-taken-as-fixed
? KnownSubjectTests
- guard w - crop.width < 1, h - crop.height < 1 else { return }
+ guard w - crop.width < 1000, h - crop.height < 1000 else { return }

@ contain-scales-to-cover
? ContainTests
- var scale = min(Double(box.width) / w, Double(box.height) / h)
+ var scale = max(Double(box.width) / w, Double(box.height) / h)

@ variants-rows-fed-to-the-first-only
? VariantSetTests
- for (resampler, reducer) in zip(resamplers, reducers) {
+ for (resampler, reducer) in zip(resamplers, reducers).prefix(1) {

@ variants-shared-scale-the-coarsest
? VariantSetTests
- let scale = members.map(\.plan.geometry.decodeScale).min()!
+ let scale = members.map(\.plan.geometry.decodeScale).max()!

@ variants-box-reduction-by-half-the-factor
? boxReducedVariantsEqualSeparateRunsWithinTheQualityBound
- reduction: member.plan.geometry.decodeScale / scale)
+ reduction: max(1, member.plan.geometry.decodeScale / scale / 2))

@ variants-box-reduction-at-2
? boxReducedVariantsEqualSeparateRunsWithinTheQualityBound
- ratio >= 4 ? ratio : 1
+ ratio >= 2 ? ratio : 1

@ box-reduction-block-rows-one-late
? everyCoarsePixelIsTheMeanOfItsBlock
- let coarseY = inputY / factor
+ let coarseY = max(0, inputY - 1) / factor

@ box-reduction-mean-rounded-down
? BoxReducerTests
- const uint16_t half = (uint16_t)((1u << shift) >> 1);
+ const uint16_t half = 0;

@ box-reduction-edge-block-as-wide-as-the-others
? BoxReducerTests
- const uint32_t edge = (uint32_t)(last_width * rows);
+ const uint32_t edge = (uint32_t)(factor * rows);

@ png-paeth-prefers-c-over-b
? PNGFilterTests
- __m128i take_b = _mm_andnot_si128(_mm_cmpgt_epi16(pb, pc), _mm_set1_epi16(-1));
+ __m128i take_b = _mm_andnot_si128(_mm_cmpgt_epi16(pc, pb), _mm_set1_epi16(-1));

@ png-average-rounded-up
? PNGFilterTests
- __m128i mean = _mm_sub_epi8(_mm_avg_epu8(a, b), _mm_and_si128(_mm_xor_si128(a, b), one));
+ __m128i mean = _mm_avg_epu8(a, b);

@ png-heuristic-paeth-on-a-tie
? PNGFilterTests
- if (magnitude(candidate, n) < magnitude(out + 1, n)) {
+ if (magnitude(candidate, n) <= magnitude(out + 1, n)) {

@ variants-collision-between-variants-dropped
? collisionsAcrossVariantsAreAUsageErrorBeforeAnyWork
- items[first].variant == item.variant { continue }
+ items[first].variant >= 0 { continue }

@ budget-asked-size-searched
? ByteBudgetTests
- if sizes[ceiling]! <= maxBytes { return ceiling }
+ if sizes[ceiling]! < maxBytes { return ceiling }

@ budget-bisection-stops-early
? theResultIsTheHighestQualityThatFits
- while high - low > 1 {
+ while high - low > 2 {

@ budget-floor-not-checked
? budgetValuesAreChecked
- guard sizes[floor]! <= maxBytes else {
+ guard sizes[floor]! > 0 else {

@ animation-budget-never-searched
? AnimationBudgetTests
- guard let ceiling = fit.quality else { throw .overBudget(smallestBytes: first.count, maxBytes: maxBytes, atQuality: nil) }
+ guard let ceiling = Optional<Int>.none else { throw .overBudget(smallestBytes: first.count, maxBytes: maxBytes, atQuality: nil) }

@ animation-budget-retried-at-the-asked-quality
? AnimationBudgetTests
- if fit.plan.outputFormat == .avif { retry.avif.quality = quality } else { retry.webp.quality = quality }
+ if fit.plan.outputFormat == .avif { retry.avif.quality = quality } else { retry.webp.quality = options.webp.quality }

@ animation-budget-gif-written-over-it
? AnimationBudgetTests
- guard let maxBytes = options.maxBytes, first.count > maxBytes else { return FrameFit.Written(file: first, quality: fit.quality, encodes: 1) }
+ guard let maxBytes = options.maxBytes, first.count > maxBytes || fit.quality == nil else { return FrameFit.Written(file: first, quality: fit.quality, encodes: 1) }

@ budget-writer-mark-not-counted
? budgetValuesAreChecked|eachVariantHasItsOwnBudget
- options.maxBytes = fit.maxBytes.map { max(1, $0 - WriterMark.length(for: format)) }
+ options.maxBytes = fit.maxBytes

@ budget-png-level-9
? losslessBudgetsTryTheTightestCompressionThenFail|aBudgetTakesTheLargestPaletteThatFits
- case .png(var o): o.compressionLevel = 12; return .png(o)
+ case .png(var o): o.compressionLevel = 9; return .png(o)

@ budget-lossless-not-retried
? losslessBudgetsTryTheTightestCompressionThenFail|aBudgetTakesTheLargestPaletteThatFits
- for setting in [encoder, encoder.tightestLossless] {
+ for setting in [encoder] {

@ wide-colour-not-premultiplied
? WideResamplerTests
- out[o + c] = (linearLight ? toLinear[Int(v)] : Float(v) / 65535) * a
+ out[o + c] = (linearLight ? toLinear[Int(v)] : Float(v) / 65535)

@ wide-colour-not-unpremultiplied
? WideResamplerTests
- v = a > 0 ? sums[p + c] / a : 0
+ v = sums[p + c]

@ wide-orientation-ignored
? WideResamplerTests
- let p = orientation.stored(x: Double(x) + 0.5, y: Double(y) + 0.5, storedWidth: w, storedHeight: h)
+ let p = (x: Double(x) + 0.5, y: Double(y) + 0.5)

@ wide-weights-at-8-bit-precision
? WideResamplerTests
- weights += real.map { Float($0 / sum) }
+ weights += real.map { (Float($0 / sum) * 256).rounded() / 256 }

@ wide-linear-light-ignored
? WideResamplerTests
- if linearLight { v = Float(SRGBTables.encode(Double(v))) }
+ if false { v = Float(SRGBTables.encode(Double(v))) }

@ png-decode-drops-to-8-bit
? SixteenBitPNGTests
- if (keep_16 && png_get_bit_depth(png, info) == 16) {
+ if (keep_16 && png_get_bit_depth(png, info) == 99) {

@ png-decode-16-byte-order
? SixteenBitPNGTests
- if (*(const uint8_t *)&probe == 1) png_set_swap(png);   /* PNG stores big-endian */
+ (void)probe;

@ png-encode-16-byte-order
? SixteenBitPNGTests
- row[i] = (uint8_t)(v >> 8);
+ row[i] = (uint8_t)v;

@ png-16-bit-not-kept-by-default
? SixteenBitPNGTests
- && options.maxBytes == nil ? .sixteen : .eight
+ && options.maxBytes == nil ? .eight : .eight

@ corners-16-bit-alpha-uncut
? SixteenBitPNGTests
- samples[index] = UInt16(truncatingIfNeeded: (UInt32(samples[index]) * c + 127) / 255)
+ samples[index] = samples[index] | UInt16(c & 0)

@ letterbox-16-bit-bars-opaque
? SixteenBitPNGTests
- var samples = [UInt16](repeating: 0, count: width * height * ch)
+ var samples = [UInt16](repeating: .max, count: width * height * ch)

@ memory-estimate-16-bit-route-uncounted
? theMemoryEstimateHoldsTheSixteenBitRoute
- decoder += region * channels * (choosing ? 2 + 1 + 2 + 4 : 2 + 4)
+ decoder += 0

@ trim-threshold-compared-the-wrong-way
? theThresholdIsTheLargestChannelDifference
- for c in 0 ..< channels where abs(Int(pixels[start + c]) - Int(reference[c])) > threshold { return true }
+ for c in 0 ..< channels where abs(Int(pixels[start + c]) - Int(reference[c])) >= threshold { return true }

@ trim-right-side-kept
? solidBordersOnEverySideCombination
- let right = (left ..< w).reversed().first(where: columnHasContent)! + 1
+ let right = w

@ trim-box-not-planned
? TrimTests|TrimLibraryTests
- (part.width, part.height) = (stored.width, stored.height)
+ (part.width, part.height) = (source.width, source.height)

@ trim-focus-not-moved-into-the-box
? gravityFocusAndSmartCropApplyToTheBox
- partOptions.gravity = Self.gravity(options.gravity, within: box, uprightWidth: whole.width, uprightHeight: whole.height)
+ partOptions.gravity = options.gravity

@ trim-transparency-ignored
? TrimTests|TrimLibraryTests
- let againstAlpha = frame.layout.hasAlpha && reference[channels - 1] == 0
+ let againstAlpha = false

@ memory-estimate-trim-frame-uncounted
? theMemoryEstimateHoldsTheTrimRoute
- decoder += plan.windowChoice.map { $0.isChosen ? 3 * frame : frame } ?? frame
+ decoder += 0

@ sharpen-blur-radius-one-sigma
? SharpenTests
- let radius = Int((3 * sigma).rounded(.up))
+ let radius = Int((1 * sigma).rounded(.up))

@ sharpen-amount-sign
? SharpenTests
- let sharpened = (value + gain * (value - sums[c] / coverage)).rounded()
+ let sharpened = (value - gain * (value - sums[c] / coverage)).rounded()

@ sharpen-blur-ignores-alpha
? SharpenTests
- let alpha = hasAlpha ? Float(samples[pixel + colours]) : 1
+ let alpha: Float = 1

@ sharpen-left-edge-mirrored
? SharpenTests
- let pixel = row + min(max(x + k - radius, 0), width - 1) * channels
+ let pixel = row + min(abs(x + k - radius), width - 1) * channels

@ sharpen-not-on-the-16-bit-route
? SharpenOptionTests
- if let sharpen = options.sharpen { image = sharpen.apply(to: image) }
+ if let sharpen = options.sharpen, image.width < 0 { image = sharpen.apply(to: image) }

@ sharpen-not-on-the-8-bit-routes
? SharpenOptionTests
- var image = options.sharpen.map { $0.apply(to: resampled) } ?? resampled
+ var image = resampled

@ route-smart-crop-ignores-the-filter
? RouteAgreementTests
- let resampler = workspace.resampler(filter: options.filter,
+ let resampler = workspace.resampler(filter: .lanczos3,

@ route-smart-crop-ignores-linear-light
? RouteAgreementTests
- orientation: crop.orientation, layout: frame.layout, linearLight: options.linearLight)
+ orientation: crop.orientation, layout: frame.layout, linearLight: false)

@ route-shared-decode-ignores-the-filter
? RouteAgreementTests
- Output(geometry: member.plan.geometry, filter: member.options.filter,
+ Output(geometry: member.plan.geometry, filter: .lanczos3,

@ route-streamed-ignores-linear-light
? RouteAgreementTests
- layout: layout, linearLight: output.linearLight)
+ layout: layout, linearLight: false)

@ route-sixteen-bit-ignores-the-filter
? RouteAgreementTests
- WideResampler(filter: options.filter,
+ WideResampler(filter: .lanczos3,

@ trellis-rate-ignored
? TrellisJPEGTests/pixelErrorIsBoundedAndComparableToTurbo
- const float total = before + (float)(rate[(run << 4) | bits[k]] + bits[k]) + distortion[k];
+ const float total = before + distortion[k];

@ trellis-distortion-ignored
? TrellisJPEGTests/pixelErrorIsBoundedAndComparableToTurbo
- distortion[k] = weight * error * error;
+ distortion[k] = 0 * error;

@ trellis-chroma-gets-the-luma-table
? TrellisJPEGTests/quantisationTablesAreThePublishedTablesScaled
- jpeg_add_quant_table(cinfo, 1, CHROMA,
+ jpeg_add_quant_table(cinfo, 1, LUMA,

@ trellis-quality-not-calibrated
? TrellisJPEGTests/quantisationTablesAreThePublishedTablesScaled
- QUALITY_NUMERATOR = 8,
+ QUALITY_NUMERATOR = 10,

@ trellis-scans-the-larger-form
? TrellisJPEGTests/scanChoiceTakesTheSmallerForm
- (mode == CIO_SCANS_BY_SIZE && estimate.sequential_bits <= estimate.progressive_bits)) {
+ (mode == CIO_SCANS_BY_SIZE && estimate.sequential_bits > estimate.progressive_bits)) {

@ trellis-progressive-not-forced
? TrellisJPEGTests/theLibraryUsesTheChosenEncoder
- if (options->progressive) return CIO_SCANS_PROGRESSIVE;
+ if (options->progressive) return CIO_SCANS_BY_SIZE;

@ jpeg-encoder-library-always-trellis
? TrellisJPEGTests/theLibraryUsesTheChosenEncoder
- encoder: options.encoder == .trellis ? CIO_JPEG_TRELLIS : CIO_JPEG_TURBO, sequential: 0)
+ encoder: CIO_JPEG_TRELLIS, sequential: 0)

@ jpeg-encoder-option-ignored
? JPEGEncoderOptionTests/eachEncoderWritesItsOwnTablesInRunsAndVariants
- line.options.fit.jpeg.encoder = encoder
+ _ = encoder

@ jpeg-encoder-not-decoded
? TrellisJPEGTests/optionsReadOldJSONAndRoundTripTheEncoder
- o.encoder = try c.decodeIfPresent(Encoder.self, forKey: .encoder) ?? o.encoder
+ _ = try c.decodeIfPresent(Encoder.self, forKey: .encoder)

@ webp-crop-no-left-margin
? aRegionIsThatPartOfDwebpsWholeDecode
- c.x0 = c.x0 > 0 ? c.x0 - 1 : 0;
+ c.x0 = c.x0;

@ webp-crop-left-not-even
? aRegionIsThatPartOfDwebpsWholeDecode
- c.x0 &= ~1u;
+ c.x0 &= ~0u;

@ webp-scaled-crop-narrowed
? aScaledRegionIsThatPartOfDwebpsScaledDecode
- c.x1 = width;
+ c.x1 = (region.x + region.width) * d;

@ webp-scale-need-not-divide
? aScaleThatDoesNotDivideBothSidesIsRefused
- if (width % d != 0 || height % d != 0) {
+ if (width % d != 0 && height % d != 0) {

@ webp-probe-lossless-never
? theProbeSaysWhichCodingAFileHas
- c->lossless = code == VP8_STATUS_OK && features.format == 2;
+ c->lossless = code == VP8_STATUS_OK && features.format == 1;

@ webp-lossless-shrinks-on-load
? theProbeSaysWhichCodingAFileHas
- case .webp where !info.isLossless && !info.isAnimated: self = .blockMean(alpha: info.hasAlpha)
+ case .webp where !info.isAnimated: self = .blockMean(alpha: info.hasAlpha)

@ webp-alpha-takes-a-quarter
? DecodeScaleRuleTests
- scale == 1 || ((alpha ? [8] : [4, 8]).contains(scale)
+ scale == 1 || ((alpha ? [4, 8] : [4, 8]).contains(scale)

@ webp-height-need-not-divide
? DecodeScaleRuleTests
- width % scale == 0 && height % scale == 0
+ width % scale == 0

@ webp-bound-eighth-too-loose
? DecodeScaleRuleTests
- case (.blockMean(_), 3...): minimumFactors = [4: 2.5, 8: 2.5]
+ case (.blockMean(_), 3...): minimumFactors = [4: 2.5, 8: 2]

@ avif-encoder-threads-ignored
? oneInputEncodesOnEveryJob
- encoder->maxThreads = options->threads < 2 ? 2 : options->threads;
+ encoder->maxThreads = 2;

@ avif-single-thread-path-for-one-thread
? everyThreadCountWritesTheSameBytes|theBytesDoNotDependOnTheThreads
- encoder->maxThreads = options->threads < 2 ? 2 : options->threads;
+ encoder->maxThreads = options->threads;

@ avif-threads-not-the-idle-jobs
? ThreadsPerImageTests
- count = min(64, max(1, jobs / workers))
+ count = min(64, max(1, jobs / max(1, jobs)))

@ avif-cli-threads-not-passed
? oneInputEncodesOnEveryJob
- encoding.fit.avif.threads = count
+ encoding.fit.avif.threads = 1

@ avif-imir-mode-swapped
? AVIFBrowserAgreementTests
- if (g->mirror == 0) my = g->height - 1 - dy;
+ if (g->mirror == 1) my = g->height - 1 - dy;

@ avif-irot-clockwise
? AVIFBrowserAgreementTests
- case 1: sx = cw - 1 - my; sy = mx; break;
+ case 1: sx = my; sy = ch - 1 - mx; break;

@ libde265-choice-ignored
? HEIFLibraryLoadingTests
- static cio_codec_library libde265 = {"HEIF", "libde265", "ASPECTFIT_LIBDE265", "libde265.so.0", names, slots,
+ static cio_codec_library libde265 = {"HEIF", "libde265", "ASPECTFIT_LIBDE265_UNREAD", "libde265.so.0", names, slots,

@ pixel-store-lends-unzeroed-memory
? PixelStoreTests
- image->pixels = memset(store->pixels, 0, bytes);
+ image->pixels = store->pixels;

@ pixel-store-lends-too-small-memory
? PixelStoreTests
- if (store != NULL && store->pixels != NULL && store->capacity >= bytes) {
+ if (store != NULL && store->pixels != NULL) {

@ heif-used-before-libheif-opened
? HEIFLibraryLoadingTests
- if (opened != CIO_OK) return opened;
+ (void)opened;

@ codec-library-choice-ignored
? HEIFLibraryLoadingTests|AVIFLibraryLoadingTests
- return chosen != NULL && chosen[0] != 0 ? chosen : library->soname;
+ return library->soname;

@ codec-library-missing-function-accepted
? HEIFLibraryLoadingTests|AVIFLibraryLoadingTests
- if (*library->slots[i] == NULL) {
+ if (*library->slots[i] == NULL && 0) {

@ codec-library-lookup-stops-at-the-first
? HEIFLibraryLoadingTests|AVIFLibraryLoadingTests
- for (size_t i = 0; i < library->count; i++) {
+ for (size_t i = 0; i < 1; i++) {

@ avif-decoded-before-libavif-opened
? AVIFLibraryLoadingTests
- if (decodable != CIO_OK) return decodable;
+ (void)decodable;

@ avif-encoded-before-libavif-opened
? AVIFLibraryLoadingTests
- if (encodable != CIO_OK) return encodable;
+ (void)encodable;

@ heif-tiles-miss-the-last-column
? HEIFGridDecodeTests
- s.last_column = (s.coded.x + s.coded.width - 1) / grid->tile_width;
+ s.last_column = (s.coded.x + s.coded.width - 2) / grid->tile_width;

@ heif-tiles-start-a-row-late
? HEIFGridDecodeTests
- s.first_row = s.coded.y / grid->tile_height;
+ s.first_row = (s.coded.y + 1) / grid->tile_height;

@ heif-tiles-decode-every-tile
? aRegionDecodesOnlyTheTilesItNeeds
- s.first_column = s.coded.x / grid->tile_width;
+ s.first_column = 0;

@ heif-tile-placed-across-not-down
? HEIFGridDecodeTests
- target->pixel_step = (ptrdiff_t)(((int64_t)p->yx * job->region.width + p->xx) * CHANNELS);
+ target->pixel_step = (ptrdiff_t)(((int64_t)p->xx * job->region.width + p->yx) * CHANNELS);

@ heif-tile-rows-placed-down-not-across
? HEIFGridDecodeTests
- target->row_step = (ptrdiff_t)(((int64_t)p->yy * job->region.width + p->xy) * CHANNELS);
+ target->row_step = (ptrdiff_t)(((int64_t)p->xy * job->region.width + p->yy) * CHANNELS);

@ heif-irot-270-shifted
? HEIFGridDecodeTests
- if (quarter_turns == 3) then(p, turn270, h - 1, 0);
+ if (quarter_turns == 3) then(p, turn270, w - 1, 0);

@ heif-imir-axis-swapped
? HEIFGridDecodeTests
- if (memcmp(p->type, "imir", 4) == 0 && p->payload.size >= 1) mirror(placement, p->payload.data[0] & 1);
+ if (memcmp(p->type, "imir", 4) == 0 && p->payload.size >= 1) mirror(placement, !(p->payload.data[0] & 1));

@ heif-clap-left-rounded-to-nearest
? everyKindDecodesAsLibheifComposesIt
- int ok = round_down(sub(add(horizontal, make(w - 1, 2)), half(add_int(width, -1))), &left);
+ int ok = round_near(sub(add(horizontal, make(w - 1, 2)), half(add_int(width, -1))), &left);

@ heif-grid-tiles-need-not-cover
? aGridItsTilesDoNotMakeIsCorrupt
- return (uint64_t)count * tile >= size && (uint64_t)(count - 1) * tile < size;
+ return 1;

@ heif-tile-colour-ignored
? everyKindDecodesAsLibheifComposesIt
- if (!own_nclx) stream_nclx(picture, &matrix, &full_range);
+ stream_nclx(picture, &matrix, &full_range);

@ heif-limited-range-unscaled-by-sse2
? HEICConversionLoopsTests
- yv = _mm_mul_ps(_mm_sub_ps(yv, _mm_set1_ps(16.0f)), _mm_set1_ps(1.1689f));
+ yv = _mm_sub_ps(yv, _mm_set1_ps(16.0f));

@ heif-chroma-not-halved-by-sse2
? HEICConversionLoopsTests
- if (chroma_shift) {   /* four chroma samples, each for two pixels */
+ if (!chroma_shift) {   /* four chroma samples, each for two pixels */

@ heif-limited-range-unscaled-by-avx2
? everyKindDecodesAsLibheifComposesIt|HEICConversionLoopsTests
- yv = _mm256_mul_ps(_mm256_sub_ps(yv, _mm256_set1_ps(16.0f)), _mm256_set1_ps(1.1689f));
+ yv = _mm256_sub_ps(yv, _mm256_set1_ps(16.0f));

@ heif-chroma-not-halved-by-avx2
? everyKindDecodesAsLibheifComposesIt|HEICConversionLoopsTests
- if (chroma_shift) {   /* four chroma samples, each repeated for its two pixels */
+ if (!chroma_shift) {   /* four chroma samples, each repeated for its two pixels */

@ heif-avx2-stores-past-the-last-pixels
? everyKindDecodesAsLibheifComposesIt
- if (end - x >= 16) {   /* 16-byte stores: the 4 bytes past these 8 pixels are the next 8's */
+ if (end - x >= 8) {   /* 16-byte stores: the 4 bytes past these 8 pixels are the next 8's */

@ heif-vectors-start-on-an-odd-column
? HEICConversionLoopsTests|regionsEqualTheWholeDecode
- if (c->loops != SCALAR && chroma_shift && (x & 1) != 0 && x < end) {
+ if (c->loops != SCALAR && chroma_shift && (x & 1) != 0 && x < 0) {

@ heif-decode-threads-not-passed
? oneHEICDecodesItsTilesOnTheIdleJobs
- self.threadsPerImage = threadsPerImage
+ self.threadsPerImage = 1

@ heif-in-loop-filters-never-skipped
? theTilesDecodeWithoutTheirInLoopFilters|theFiltersAreLeftOutOnlyWhereTheResamplerHidesThem
- .skip_in_loop_filters = options->skip_in_loop_filters,
+ .skip_in_loop_filters = 0,

@ heif-in-loop-filters-always-skipped
? theFiltersAreLeftOutOnlyWhereTheResamplerHidesThem
- c.skip_in_loop_filters = options.inLoopFilters ? 0 : 1
+ c.skip_in_loop_filters = 1

@ heif-in-loop-filter-factor-at-2
? theFiltersAreLeftOutOnlyWhereTheResamplerHidesThem
- static let inLoopFilterFactor = 2.5
+ static let inLoopFilterFactor = 2.0

@ heif-in-loop-filters-shared-by-any-output
? aSharedDecodeLeavesThemOutOnlyWhenEveryOutputHidesIt
- options.inLoopFilters = !outputs.allSatisfy { $0.geometry.hidesInLoopFilters }
+ options.inLoopFilters = !outputs.contains { $0.geometry.hidesInLoopFilters }

@ heif-in-loop-filters-kept-by-smart-crop
? theSmartCropRouteFollowsTheSameRule
- decode.inLoopFilters = !plan.geometry.hidesInLoopFilters
+ decode.inLoopFilters = true

@ heif-damaged-tile-kept-in-strict-mode
? aDamagedTileIsCorruptOrAWarning
- if (job->strict) {
+ if (!job->strict) {

@ heif-av1-decoded-by-libheif
? av1InAHEIFGoesThroughLibavif
- if (listed && cio_heif_is_av1(&items)) return decode_av1(data, size, options, warnings, image, message);
+ if (listed && cio_heif_is_av1(&items) && size == 0) return decode_av1(data, size, options, warnings, image, message);

@ gif-dispose-background-ignored
? generatedAnimationsDecodeAsPillow
- if (f->disposal == 2) memset(f->canvas + at, 0, (size_t)r.width * 4);
+ if (f->disposal == 9) memset(f->canvas + at, 0, (size_t)r.width * 4);

@ gif-dispose-previous-ignored
? generatedAnimationsDecodeAsPillow
- else if (f->disposal == 3) memcpy(f->canvas + at, f->previous + at, (size_t)r.width * 4);
+ else if (f->disposal == 9) memcpy(f->canvas + at, f->previous + at, (size_t)r.width * 4);

@ gif-frame-offset-ignored
? generatedAnimationsDecodeAsPillow
- const uint32_t left = (uint32_t)frame->Left, top = (uint32_t)frame->Top;
+ const uint32_t left = 0, top = 0;

@ gif-short-delays-kept
? generatedAnimationsDecodeAsPillow
- return centiseconds <= 1 ? 100 : centiseconds * 10;
+ return centiseconds * 10;

@ gif-loop-count-dropped
? generatedAnimationsDecodeAsPillow
- .loop_count = summary.loop_count, .has_alpha = summary.animation_alpha};
+ .loop_count = -1, .has_alpha = summary.animation_alpha};

@ webp-frame-delay-cumulative
? generatedAnimationsDecodeAsPillow
- *delay_ms = timestamp - f->timestamp;
+ *delay_ms = timestamp;

@ quantizer-splits-on-red-only
? aGradientAndNoiseStayWithinTheirBounds
- for (int a = 1; a < 3; a++) if (high[a] - low[a] > high[box->axis] - low[box->axis]) box->axis = a;
+ for (int a = 1; a < 3; a++) if (0) box->axis = a;

@ quantizer-half-transparent-kept
? transparentPixelsTakeTheTransparentIndex
- if (transparent >= 0 && p[3] < 128) {
+ if (transparent >= 0 && p[3] < 64) {

@ animation-frame-limit-off-by-one
? framesPixelsAndCanvasOverTheLimits
- if (frames > limits->max_frames) {
+ if (frames > limits->max_frames + 1) {

@ animation-written-as-first-frame
? everyFrameIsFittedWithItsDelayAndTheLoopCount
- plan.animates = animates
+ plan.animates = false

@ animation-window-from-the-first-frame
? AnimationWindowTests
- let sampled = Self.sampled(frameCount: decoder.frameCount)
+ let sampled = [0]

@ animation-window-sampled-frames-miss-the-last
? AnimationWindowTests
- return (0 ..< count).map { $0 * (frameCount - 1) / (count - 1) }
+ return (0 ..< count).map { $0 * (frameCount - 1) / count }

@ animation-still-frame-window-from-the-first-frame
? AnimationWindowTests
- if keeps, plan.windowChoice?.isChosen == false { plan = try pipeline.choosingWindow(from: frame, plan: plan, threads: workspace.threadsPerImage) }
+ if index == 0, encoder == nil, plan.windowChoice?.isChosen == false { plan = try pipeline.choosingWindow(from: frame, plan: plan, threads: workspace.threadsPerImage) }

@ animation-window-saliency-of-one-frame
? AnimationWindowTests
- let map = maps.count == 1 ? maps[0] : SaliencyMap(averaging: maps)
+ let map = maps[0]

@ animation-window-entropy-of-one-frame
? AnimationWindowTests
- let corner = EntropyWindow(images: images).best(width: pw, height: ph)
+ let corner = EntropyWindow(images: [image]).best(width: pw, height: ph)

@ shared-frames-fed-to-the-first-only
? everyVariantIsWhatItsOwnRunWrites
- do { try fits[i].add(next.frame, delay: next.delay, index: index) } catch { fits[i].result = .failure(error) }
+ if i == 0 { try? fits[i].add(next.frame, delay: next.delay, index: index) }

@ gif-unchanged-pixels-not-transparent
? GIFWriterTests
- out[x * 4 + 3] = same ? 0 : 255;
+ out[x * 4 + 3] = 255;

@ gif-unchanged-pixels-never-kept
? GIFWriterTests
- keeps_last = 1;
+ keeps_last = 0;

@ gif-kept-pixels-shown-as-a-colour
? GIFWriterTests
- (GifByteType)((w->has_alpha ? 2 : 1) << 2 | (transparent >= 0 ? 1 : 0)),
+ (GifByteType)((w->has_alpha ? 2 : 1) << 2 | (w->has_alpha ? 1 : 0)),

@ animation-profile-not-passed
? AnimationProfileTests
- iccProfile: profile.kept)
+ iccProfile: nil)

@ animation-webp-profile-not-set
? AnimationProfileTests
- if (w->icc != NULL) {
+ if (w->icc == (uint8_t *)1) {

@ animation-avif-profile-not-set
? AnimationProfileTests
- if (frame != NULL && w->icc != NULL) avifImageSetProfileICC(frame, w->icc, w->icc_size);
+ if (frame != NULL && w->icc == NULL) avifImageSetProfileICC(frame, w->icc, w->icc_size);

@ animation-grey-profile-kept
? AnimationProfileTests
- guard ICCProfile.fits(profile, layout: .rgba8) else { return (nil, "ICC profile dropped: it does not describe RGB frames") }
+ guard ICCProfile.fits(profile, layout: .rgba8) || true else { return (nil, "ICC profile dropped: it does not describe RGB frames") }

@ gif-written-delay-in-milliseconds
? everyFrameIsFittedWithItsDelayAndTheLoopCount
- const int centiseconds = (delay_ms + 5) / 10;
+ const int centiseconds = delay_ms;

@ webp-written-loop-count-dropped
? everyFrameIsFittedWithItsDelayAndTheLoopCount
- anim.anim_params.loop_count = options->loop_count < 0 ? 1 : options->loop_count;
+ anim.anim_params.loop_count = options->loop_count < 0 ? 1 : 0;

@ avif-frame-duration-in-seconds
? generatedAnimationsDecodeAsPillow
- const double ms = round(timing->duration * 1000.0);
+ const double ms = round(timing->duration);

@ avif-frames-after-the-first-dropped
? generatedAnimationsDecodeAsPillow
- if (f->ended || f->delivered >= (uint32_t)f->decoder->imageCount) return CIO_OK;
+ if (f->ended || f->delivered >= 1) return CIO_OK;

@ avif-alpha-track-ignored
? theHeaderSaysFramesDurationsAlpha
- .loop_count = 0, .has_alpha = decoder->alphaPresent != 0};
+ .loop_count = 0, .has_alpha = 0};

@ avif-sequence-not-animated-by-auto
? theHeaderSaysFramesDurationsAlpha
- public var animates: Bool { self == .gif || self == .webp || self == .avif }
+ public var animates: Bool { self == .gif || self == .webp }

@ avif-frame-limit-off-by-one
? theLimitsFailFromTheHeaderBeforeAnyFrameIsDecoded
- status = cio_check_animation_limits(geometry.width, geometry.height, frames, limits, message);
+ status = cio_check_animation_limits(geometry.width, geometry.height, frames - 1, limits, message);

@ avif-sequence-written-in-tenths
? everyFrameIsFittedWithItsDelayAndTheLoopCount
- w->encoder->timescale = 1000;
+ w->encoder->timescale = 100;

@ avif-sequence-memory-counted-as-a-still
? theMemoryEstimateHoldsAnAVIFSequence
- : options.avif.speed >= 7 ? 80 * box + (12 << 20) : 360 * box + (48 << 20)
+ : 16 * box + (16 << 20)

@ png-palette-never-exact
? everyKindOfInputIsWrittenIndexed
- if (count == colours) return 0;
+ if (count == colours || count == 1) return 0;

@ png-palette-depth-skips-4-bits
? everyKindOfInputIsWrittenIndexed
- palette->bit_depth = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8;
+ palette->bit_depth = count <= 2 ? 1 : count <= 4 ? 2 : 8;

@ png-palette-packed-low-bits-first
? everyKindOfInputIsWrittenIndexed
- out[x / per_byte] |= (uint8_t)(row[x] << (8 - bit_depth * (int)(x % per_byte + 1)));
+ out[x / per_byte] |= (uint8_t)(row[x] << (bit_depth * (int)(x % per_byte)));

@ png-palette-trns-dropped
? everyKindOfInputIsWrittenIndexed
- if (entries[i][3] < 255) palette->alpha_count = i + 1;
+ if (entries[i][3] < 255) palette->alpha_count = 0;

@ png-palette-dither-not-premultiplied
? everyKindOfInputIsWrittenIndexed
- for (int c = 0; c < 3; c++) t[c] = clamp(premultiply(p[c], a) + (e[c] + 8) / 16, 0, t[3]);
+ for (int c = 0; c < 3; c++) t[c] = clamp(p[c] + (e[c] + 8) / 16, 0, t[3]);

@ png-palette-sixteen-bit-route
? everyKindOfInputIsWrittenIndexed
- guard format == .png, options.png.palette == nil else { return .eight }
+ guard format == .png else { return .eight }

@ png-budget-floor-rounded-down
? aByteBudgetQuantisesAsALastResort
- max(2, min(256, (256 * quality + 50) / 100))
+ max(2, min(256, (256 * quality) / 100))

@ png-budget-palette-starts-under-256
? aByteBudgetQuantisesAsALastResort
- let most = asked.palette ?? 256
+ let most = asked.palette ?? 255
EOF
)

# Copies the working tree's files (tracked and untracked, not ignored) into $tree, rewriting only
# the files that differ and deleting the ones that went away, so .build stays valid.
sync_tree() {
  mkdir -p "$tree"
  declare -A keep=()
  while IFS= read -r -d '' f; do
    [[ -f $root/$f ]] || continue
    keep[$f]=1
    if ! cmp -s "$root/$f" "$tree/$f"; then
      mkdir -p "$tree/$(dirname "$f")"
      cp "$root/$f" "$tree/$f"
    fi
  done < <(git -C "$root" ls-files -z --cached --others --exclude-standard)
  while IFS= read -r -d '' f; do
    f=${f#./}
    [[ -n ${keep[$f]:-} ]] || rm -f "$tree/$f"
  done < <(cd "$tree" && find . -path ./.build -prune -o -type f -print0)
  # The corpus is found at ../shared relative to the project root.
  local shared
  shared=$(cd "$root/../shared" 2>/dev/null && pwd -P) || { echo "mutants: ../shared (the corpus) is missing" >&2; exit 2; }
  ln -sfn "$shared" "$scratch/shared"
}

# The file holding `snippet` under $tree/Sources; fails unless it occurs exactly once.
locate() {
  local snippet=$1 count
  count=$(cd "$tree" && { grep -rFo -- "$snippet" Sources || true; } | wc -l)
  if [[ $count -ne 1 ]]; then
    echo "mutants: snippet found $count times under Sources/ (must be exactly once): $snippet" >&2
    return 1
  fi
  (cd "$tree" && grep -rlF -- "$snippet" Sources)
}

replace_in() {
  local file=$1 from=$2 to=$3 content
  content=$(cat "$file"; printf x)
  content=${content%x}
  printf '%s' "${content/"$from"/"$to"}" > "$file"
}

# Optimized as the README's test command (the quality tests run ~50x slower at -Onone), in the
# debug configuration so that a mutant recompiles one file, not whole modules.
build() { (cd "$tree" && nice -n 5 swift build -Xswiftc -O -Xswiftc -disable-cmo -Xcc -O2 -Xcxx -O2 --build-tests) > "$1" 2>&1; }

# The test binary itself, as `swift test --skip-build` runs it (every test is Swift Testing's), without
# SwiftPM's half a second of reading the package first. A mutant is caught by its first failing test,
# so the run stops there (Swift Testing prints each issue as it is recorded): the timeout's process
# group, the tests' own children with it, is stopped, and the status is 125. Status 124 is the timeout.
run_tests() {
  local filter=$1 log=$2 pid
  : > "$log"   # before the polling below reads it
  (cd "$tree" && CI=true exec timeout 600 nice -n 5 .build/debug/aspectfitPackageTests.xctest --testing-library swift-testing \
     --filter "$filter") > "$log" 2>&1 &
  pid=$!
  while kill -0 "$pid" 2> /dev/null; do
    if grep -q '^✘ Test' "$log"; then
      kill -TERM "$pid" 2> /dev/null || true
      wait "$pid" || true
      return 125
    fi
    sleep 0.2
  done
  wait "$pid"
}

mkdir -p "$logs"
if [[ $in_place == 1 ]]; then
  [[ -z $(git -C "$root" status --porcelain -- Sources) ]] || { echo "mutants: MUTANTS_IN_PLACE=1 needs Sources/ unmodified" >&2; exit 2; }
  # Whatever stops the run, the file holding the current mutant goes back as it was.
  trap '[[ -n ${planted:-} ]] && cp "$scratch/unmutated" "$tree/$planted"' EXIT
else
  sync_tree
fi
names=() filters=() froms=() tos=()
name=""
while IFS= read -r line; do
  case $line in
    "@ "*) name=${line#@ } ;;
    "? "*) filter=${line#? } ;;
    "- "*) from=${line#- } ;;
    "+ "*) to=${line#+ }
           if [[ -z $only || $name =~ $only ]]; then names+=("$name"); filters+=("$filter"); froms+=("$from"); tos+=("$to"); fi ;;
  esac
done <<< "$mutants"
((${#names[@]})) || { echo "mutants: none selected" >&2; exit 2; }

# Every snippet must apply before anything runs, so a moved or rewritten line fails at once.
for i in "${!names[@]}"; do locate "${froms[$i]}" > /dev/null || { echo "mutants: ${names[$i]} no longer applies" >&2; exit 2; }; done

start=$SECONDS
echo "mutants: building the unmutated copy in $tree"
build "$logs/baseline-build.log" || { echo "mutants: the unmutated copy does not build ($logs/baseline-build.log)" >&2; exit 2; }
union=$(IFS='|'; echo "${filters[*]}")
# CI has just run the whole suite on this tree, so it skips this (MUTANTS_BASELINE=0).
if [[ ${MUTANTS_BASELINE:-1} == 1 ]] && ! run_tests "$union" "$logs/baseline-test.log"; then
  echo "mutants: the selected tests fail without any mutant ($logs/baseline-test.log)" >&2
  exit 2
fi
echo "mutants: baseline passes ($((SECONDS - start)) s)"

missed=0 broken=0 failed=()
for i in "${!names[@]}"; do
  name=${names[$i]} t0=$SECONDS
  file=$(locate "${froms[$i]}")
  cp "$tree/$file" "$scratch/unmutated"
  planted=$file
  replace_in "$tree/$file" "${froms[$i]}" "${tos[$i]}"
  if ! build "$logs/$name-build.log"; then
    verdict="BROKEN (does not compile: $logs/$name-build.log)"; broken=$((broken + 1))
  elif run_tests "${filters[$i]}" "$logs/$name-test.log"; then
    verdict="MISSED"; missed=$((missed + 1))
  else
    status=$?
    first=$(grep -m1 -oE '✘ Test [^ (]+' "$logs/$name-test.log" | sed 's/✘ Test //' || true)
    verdict="caught${first:+ by $first}"
    [[ -z $first ]] && grep -q "Fatal error" "$logs/$name-test.log" && verdict="caught (a trap in the tests)"
    [[ $status -eq 124 ]] && verdict="caught (timed out)"
  fi
  cp "$scratch/unmutated" "$tree/$file"   # a fresh mtime, so the next build recompiles it
  planted=""
  [[ $verdict == caught* ]] || failed+=("$name")
  printf 'mutant %-46s %4d s  %s  [%s]\n' "$name" $((SECONDS - t0)) "$verdict" "${file#Sources/}"
done
# Leave the copy built unmutated, so the next run starts incremental.
build "$logs/final-build.log" || true
echo "mutants: ${#names[@]} planted, $((${#names[@]} - missed - broken)) caught, $missed missed, $broken broken; $((SECONDS - start)) s"
((${#failed[@]} == 0)) || echo "mutants: not caught: ${failed[*]}"
((missed == 0 && broken == 0))
