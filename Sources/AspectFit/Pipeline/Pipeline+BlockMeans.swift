/// Attention on a large JPEG analyses its block means (`BlockMeans`), not the decoded frame: they are
/// there before the frame is, so a lone image reads them on the core its decode leaves idle and has its
/// window by the time the frame is decoded.
extension Pipeline {
    /// Whether attention on `source` analyses its block means: a JPEG whose block means are at least
    /// as long as the copy the analysis needs (`FaceDetector.longSide`), 1920 px on the long side.
    func analysesBlockMeans(of source: ImageInfo) -> Bool {
        options.gravity == .attention && source.format == .jpeg
            && (max(source.width, source.height) + 7) / 8 >= FaceDetector.longSide
    }

    /// The whole frame decoded with `decode`, and the attention evidence of `source`'s block means.
    /// From 2 `threads`, a one-scan JPEG decoded at full or half scale has its block means read alone
    /// beside the decode and analysed there too: that reading is the entropy decoding alone, enough
    /// less than those decodes to hide the analysis behind them, but nearly all of a decode at 1/4 or
    /// 1/8, which would then wait for it.
    /// Otherwise the decode records them and the analysis follows it (`FrameEvidence`, on up to
    /// `threads` threads). The evidence is the same either way. A source with none (CMYK) is analysed
    /// on the decoded frame.
    func decodeFrameWithEvidence(_ data: UnsafeRawBufferPointer, options decode: DecodeOptions, source: ImageInfo,
                                 threads: Int, cancellation: CancellationFlag?) throws(FitError) -> (DecodedImage, FrameEvidence) {
        let orientation = source.orientation
        let frameEvidence = { (decoded: DecodedImage) in
            FrameEvidence(.attention, frame: decoded.blockMeans ?? decoded.pixels, orientation: orientation, threads: threads)
        }
        guard threads > 1, decode.scaleDenominator <= 2, !source.isProgressive else {
            var recording = decode
            recording.recordsBlockMeans = true
            let decoded = try decodeFrame(data, options: recording, cancellation: cancellation)
            return (decoded, frameEvidence(decoded))
        }
        let input = BorrowedBytes(data)
        let (alone, decoded) = alongside({ () -> Result<FrameEvidence?, ImageIOError> in
            Result { () throws(ImageIOError) in
                try ImageFile.blockMeans(input.bytes, options: decode, width: source.width, height: source.height)
                    .map { FrameEvidence(.attention, frame: $0, orientation: orientation, threads: 1) }
            }
        }, {
            Result { () throws(FitError) in try decodeFrame(data, options: decode, cancellation: cancellation) }
        })
        let frame = try decoded.get()
        // The reading alone applies the decode's limits and damage policy to the same bytes: it fails
        // where the decode failed first, short of memory (reported), or not at all.
        switch alone {
        case .success(let evidence): return (frame, evidence ?? frameEvidence(frame))
        case .failure(let error): throw .image(error)
        }
    }
}

/// Input bytes read on a side thread while the caller, which owns them and keeps them unchanged,
/// waits for it (`alongside`).
private struct BorrowedBytes: @unchecked Sendable {
    let bytes: UnsafeRawBufferPointer
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
}
