import Foundation
import ReflowDocuments
import TestSupport
import XCTest

/// Books with bytes changed at random (a fixed seed, so a failure repeats): whatever breaks, opening
/// and reading give a ReflowError or a value, never a trap in the zip reader, the XML tree or MuPDF.
final class MutatedBookTests: XCTestCase {
    /// xorshift64*: the same mutations on every run.
    private struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state >> 12
            state ^= state << 25
            state ^= state >> 27
            return state &* 2_685_821_657_736_338_717
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    static var rounds: Int { Int(ProcessInfo.processInfo.environment["IBOOK_MUTATION_ROUNDS"] ?? "") ?? 25 }

    private func exercise(_ original: [UInt8], named name: String, seed: UInt64) throws {
        let folder = try TestBooks.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var random = Random(state: seed)
        var opened = 0
        for round in 0..<Self.rounds {
            var bytes = original
            // Mostly in the last kilobytes (the zip's directory), some anywhere.
            for _ in 0..<(1 + random.below(8)) {
                let nearEnd = random.below(2) == 0 && bytes.count > 4096
                let index = nearEnd ? bytes.count - 1 - random.below(4096) : random.below(bytes.count)
                bytes[index] = UInt8(truncatingIfNeeded: random.next())
            }
            if random.below(10) == 0 { bytes = Array(bytes.prefix(random.below(bytes.count))) }
            let path = try TestBooks.write(bytes, named: "\(round)-\(name)", in: folder)
            do {
                let document = try ReflowDocument(path: path)
                opened += 1
                _ = document.pageText(1)
                _ = document.outline()
                _ = document.pageLabels()
                _ = document.coverImage(maxPixels: 64)
                _ = try? document.render(page: 1, width: 40, height: 60)
                _ = document.find("the", page: 1)
                _ = document.page(at: document.position(ofPage: document.pageCount))
            } catch is ReflowError {
                continue
            }
        }
        XCTAssertGreaterThan(opened, 0, "some mutations leave \(name) readable")
    }

    func testMutatedGeneratedBooks() throws {
        let nav = """
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>
            <nav epub:type="toc"><ol><li><a href="one.xhtml#p3">One</a><ol><li><a href="two.xhtml">Two</a></li></ol></li></ol></nav>
            <nav epub:type="page-list"><ol><li><a href="one.xhtml#p1">1</a></li></ol></nav></body></html>
            """
        let epub = TestBooks.epub(opf: TestBooks.opf(metadata: "<dc:title>Mutant</dc:title><dc:creator>A</dc:creator>", manifest: """
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            <item id="c" href="c.png" media-type="image/png" properties="cover-image"/>
            """), extra: [TestZip.Entry("OEBPS/nav.xhtml", nav),
                          TestZip.Entry("OEBPS/c.png", TestBooks.png(width: 8, height: 8, color: .black))])
        try exercise(epub, named: "book.epub", seed: 0x9E37_79B9_7F4A_7C15)
        let fb2 = Array(GeneratedBookTests.fb2(cover: TestBooks.png(width: 8, height: 8, color: .black)).utf8)
        try exercise(fb2, named: "book.fb2", seed: 0xD1B5_4A32_D192_ED03)
    }

    func testMutatedSamples() throws {
        let corpus = try Fixtures.requireCorpus("IDPF's EPUB 3 samples, mutated")
        for (index, name) in ["childrens-literature", "regime-anticancer-arabic"].enumerated() {
            let url = corpus.appendingPathComponent("epub/\(name).epub")
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            try exercise([UInt8](data), named: "\(name).epub", seed: 0xABCD_0000 + UInt64(index))
        }
    }
}
