import CImageIO

/// The memory a whole-image decode (WebP, AVIF, HEIF, GIF) keeps for the next one: a batch worker
/// decoding image after image reuses the pages of the last image, zeroed again, instead of having
/// the kernel fault fresh ones in. A decoder takes it while open and gives it back when it closes,
/// so one decode at a time may use a store.
final class PixelStore {
    let handle: OpaquePointer

    init() {
        guard let handle = cio_pixel_store_create() else { fatalError("out of memory for a pixel store") }
        self.handle = handle
    }

    deinit { cio_pixel_store_free(handle) }

    /// Frees what the store keeps.
    func empty() { cio_pixel_store_empty(handle) }
}
