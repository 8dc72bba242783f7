import CImageIO
import Foundation
import Testing

/// `cio_advise_huge_pages` asks for 2 MiB pages behind exactly the whole huge pages inside a large
/// buffer, and never beyond it (the advice changes how memory outside the buffer is faulted in).
@Suite struct HugePageAdviceTests {
    static let hugePage: UInt = 2 << 20

    /// The whole huge pages inside [address, address + size), counted one by one.
    static func wholePages(address: UInt, size: UInt) -> (start: UInt, end: UInt)? {
        guard address > 0, size >= 2 * hugePage, address <= UInt.max - size else { return nil }
        var pages = [UInt]()
        var page = address / hugePage * hugePage
        while page <= address + size - hugePage {
            if page >= address { pages.append(page) }
            page += hugePage
        }
        guard let first = pages.first, let last = pages.last else { return nil }
        return (first, last + hugePage)
    }

    @Test func spanIsTheWholeHugePagesInside() {
        let page = Self.hugePage
        let bases: [UInt] = [page, 7 * page, 7 * page + 1, 8 * page - 1, 0x7f12_3456_7000, 4096]
        let sizes: [UInt] = [0, 1, 4 << 20 - 1, 4 << 20, 4 << 20 + 1, 6 << 20 - 4096, 6 << 20, 36_578_304, 1 << 30]
        for base in bases {
            for size in sizes {
                var start: UInt = 0, end: UInt = 0
                let advised = cio_huge_page_span(base, Int(size), &start, &end) != 0
                let expected = Self.wholePages(address: base, size: size)
                #expect(advised == (expected != nil), "\(base) + \(size)")
                if let expected { #expect(start == expected.start && end == expected.end, "\(base) + \(size): [\(start), \(end))") }
            }
        }
        var start: UInt = 0, end: UInt = 0
        #expect(cio_huge_page_span(UInt.max - (8 << 20), 16 << 20, &start, &end) == 0, "a span past the address space")
        #expect(cio_huge_page_span(0, 16 << 20, &start, &end) == 0, "no buffer")
    }

    /// The kernel's own record (`VmFlags ... hg` in /proc/self/smaps) shows the advice on the span
    /// and nowhere else in the buffer. Needs a kernel with transparent huge pages.
    @Test func kernelRecordsTheAdviceOnTheSpanOnly() throws {
        guard FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled") else { return }
        let size = 16 << 20 + 12_345
        let buffer = try #require(mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0))
        defer { munmap(buffer, size) }
        let base = UInt(bitPattern: buffer) + 4096 + 17   // an unaligned buffer inside the mapping
        let length = size - 4096 - 17
        var start: UInt = 0, end: UInt = 0
        try #require(cio_huge_page_span(base, length, &start, &end) != 0)
        cio_advise_huge_pages(UnsafeMutableRawPointer(bitPattern: base), length)
        // read to its end: /proc files report no size
        let smaps = String(decoding: try #require(try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/smaps")).readToEnd()),
                           as: UTF8.self)
        var advised: [(UInt, UInt)] = []
        var range: (UInt, UInt)?
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
                let bounds = first.split(separator: "-").compactMap { UInt($0, radix: 16) }
                range = bounds.count == 2 ? (bounds[0], bounds[1]) : nil
            } else if fields.first == "VmFlags:", fields.contains("hg"), let r = range {
                advised.append(r)
            }
        }
        let mapping = (UInt(bitPattern: buffer), UInt(bitPattern: buffer) + UInt(size))
        let inBuffer = advised.filter { $0.0 < mapping.1 && $0.1 > mapping.0 }
        #expect(inBuffer.count == 1 && inBuffer.first.map { $0 == (start, end) } == true,
                "advised \(inBuffer) in the mapping \(mapping), wanted [\(start), \(end))")
    }
}
