import Foundation
import Raster
@testable import ReflowDocuments
import TestSupport
import XCTest

/// Files made to hurt a reader: each must give one ReflowError, quickly, without a crash and
/// without MuPDF inflating what the zip's directory declares.
final class HostileFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TestBooks.folder()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private let plainOPF = TestBooks.opf(metadata: "<dc:title>Plain</dc:title>")

    private func open(_ bytes: [UInt8], named name: String = "book.epub") throws -> ReflowDocument {
        try ReflowDocument(path: try TestBooks.write(bytes, named: name, in: folder))
    }

    private func assertError(_ bytes: [UInt8], named name: String = "book.epub", _ check: (ReflowError) -> Bool,
                             file: StaticString = #filePath, line: UInt = #line) {
        let start = Date()
        XCTAssertThrowsError(try open(bytes, named: name), file: file, line: line) { error in
            guard let error = error as? ReflowError else { return XCTFail("not a ReflowError: \(error)", file: file, line: line) }
            XCTAssertTrue(check(error), "unexpected: \(error)", file: file, line: line)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "refused quickly", file: file, line: line)
    }

    func testZipBombsAreRefusedFromTheirDirectory() {
        func isBomb(_ error: ReflowError) -> Bool {
            if case .unsafe(let reason) = error { return reason.hasPrefix("looks like a zip bomb: ") }
            return false
        }
        // One entry declaring 300 MB.
        assertError(TestBooks.epub(opf: plainOPF, extra: [
            TestZip.Entry("OEBPS/huge.xhtml", Array("x".utf8), declaredCompressed: 1_000_000, declaredUncompressed: 300 << 20),
        ]), isBomb)
        // 2 MB squeezed into 4 kB: 500 to 1.
        assertError(TestBooks.epub(opf: plainOPF, extra: [
            TestZip.Entry("OEBPS/dense.xhtml", Array("x".utf8), declaredCompressed: 4096, declaredUncompressed: 2 << 20),
        ]), isBomb)
        // Five entries of 250 MB: each allowed, together more than a gigabyte.
        assertError(TestBooks.epub(opf: plainOPF, extra: (1...5).map {
            TestZip.Entry("OEBPS/part\($0).xhtml", Array("x".utf8), declaredCompressed: 100 << 20, declaredUncompressed: 250 << 20)
        }), isBomb)
        // More entries than any book has.
        assertError(TestBooks.epub(opf: plainOPF, extra: (0...10_000).map { TestZip.Entry("OEBPS/f\($0)", []) }), isBomb)
        XCTAssertEqual(ReflowError.unsafe("looks like a zip bomb: 10004 entries").description, "looks like a zip bomb: 10004 entries")
    }

    func testEntriesThatClimbOutOrAreAbsolute() {
        for name in ["../../x", "OEBPS/../../x", "/etc/passwd", "C:\\Windows\\x", "a\\..\\..\\x"] {
            assertError(TestBooks.epub(opf: plainOPF, extra: [TestZip.Entry(name, "x")])) {
                $0 == .unsafe("has an entry named \(name)")
            }
        }
        XCTAssertEqual(ReflowError.unsafe("has an entry named ../../x").description, "has an entry named ../../x")
    }

    func testBrokenPackages() {
        assertError(TestBooks.epub(opf: plainOPF, container: nil)) { $0 == .damaged("has no META-INF/container.xml") }
        assertError(TestBooks.epub(opf: "<package><metadata><dc:title>Broken</dc:tit")) {
            if case .damaged(let reason) = $0 { return reason.contains("OEBPS/content.opf") }
            return false
        }
        assertError(TestBooks.epub(opf: plainOPF, container: "<container><rootfiles/></container>")) {
            $0 == .damaged("META-INF/container.xml names no package document")
        }
        // Cut in half: no end of central directory.
        let whole = TestBooks.epub(opf: plainOPF)
        assertError(Array(whole.prefix(whole.count / 2))) { $0 == .damaged("its zip directory is missing") }
        // Nested a hundred thousand deep: MuPDF's parser and the tree built from it do not recurse on it.
        let deep = "<package>" + String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000) + "</package>"
        assertError(TestBooks.epub(opf: deep)) { if case .damaged = $0 { return true }; return false }
    }

    func testMarkupNestedDeepEnoughToOverflowMuPDFIsRefused() throws {
        // 10,000 nested <div>s overflowed MuPDF's recursive layout on the main thread (SIGSEGV).
        let deep = "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>" + String(repeating: "<div>x", count: 10_000)
            + String(repeating: "</div>", count: 10_000) + "</body></html>"
        var entries = [TestZip.Entry("mimetype", "application/epub+zip"), TestZip.Entry("META-INF/container.xml", TestBooks.container),
                       TestZip.Entry("OEBPS/content.opf", plainOPF), TestZip.Entry("OEBPS/one.xhtml", TestBooks.chapter("One"))]
        entries.append(TestZip.Entry("OEBPS/two.xhtml", deep))
        assertError(TestZip.make(entries)) { $0 == .unsafe("nests its elements more than 200 deep in OEBPS/two.xhtml") }
        let ncx = "<ncx><navMap>" + String(repeating: "<navPoint><navLabel><text>x</text></navLabel><content src=\"one.xhtml\"/>", count: 10_000)
            + String(repeating: "</navPoint>", count: 10_000) + "</navMap></ncx>"
        let withNCX = TestBooks.epub(opf: TestBooks.opf(metadata: "<dc:title>NCX</dc:title>", manifest: """
            <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
            """).replacingOccurrences(of: "<spine>", with: "<spine toc=\"ncx\">"), extra: [TestZip.Entry("OEBPS/toc.ncx", ncx)])
        assertError(withNCX) { $0 == .unsafe("nests its elements more than 200 deep in OEBPS/toc.ncx") }
        XCTAssertThrowsError(try ReflowDocument(xhtml: Array(deep.utf8))) {
            XCTAssertEqual($0 as? ReflowError, .unsafe("nests its elements more than 200 deep"))
        }
        let fb2 = "<FictionBook><body>" + String(repeating: "<section>", count: 5_000) + String(repeating: "</section>", count: 5_000)
            + "</body></FictionBook>"
        assertError(Array(fb2.utf8), named: "deep.fb2") { $0 == .unsafe("nests its elements more than 200 deep") }
    }

    func testMarkupDepthCountsOnlyElementsThatHoldOthers() {
        let shallow = """
            <?xml version="1.0"?><!DOCTYPE html><html><!-- <a><a><a> --><body><p>text<br>more<img src="x>y"/>
            <script>if (a < b) { document.write("<div><div><div>") }</script><![CDATA[<x><x><x>]]></p></body></html>
            """
        XCTAssertFalse(MarkupDepth.exceeds(3, in: Array(shallow.utf8)), "html, body, p")
        XCTAssertTrue(MarkupDepth.exceeds(2, in: Array(shallow.utf8)))
        XCTAssertFalse(MarkupDepth.exceeds(200, in: Array((String(repeating: "<p>a</p>", count: 10_000)).utf8)), "siblings, not depth")
    }

    func testBillionLaughsAreNotExpanded() throws {
        var entities = "<!ENTITY lol \"lol\">"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            entities += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let opf = "<?xml version=\"1.0\"?><!DOCTYPE package [\(entities)]>"
            + TestBooks.opf(metadata: "<dc:title>Laughs &lol9;</dc:title><dc:creator>&lol5;</dc:creator>")
                .replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"utf-8\"?>", with: "")
        let start = Date()
        let document = try open(TestBooks.epub(opf: opf))
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        let title = try XCTUnwrap(document.metadata.title)
        XCTAssertLessThan(title.count, 40, "not expanded: \(title)")
        XCTAssertFalse(title.contains("lollol"))
        XCTAssertTrue(document.metadata.creators.allSatisfy { !$0.name.contains("lollol") })
        XCTAssertGreaterThan(document.pageCount, 0)
    }

    func testExternalEntitiesAreNotRead() throws {
        let opf = "<?xml version=\"1.0\"?><!DOCTYPE package [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
            + TestBooks.opf(metadata: "<dc:title>Secret &x;</dc:title><dc:description>&x;</dc:description>")
                .replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"utf-8\"?>", with: "")
        let document = try open(TestBooks.epub(opf: opf))
        let everything = String(describing: document.metadata)
        XCTAssertFalse(everything.contains("root:"), everything)
        XCTAssertFalse((1...document.pageCount).map(document.pageText).joined().contains("root:"))
    }

    private func encryption(_ algorithm: String) -> TestZip.Entry {
        TestZip.Entry("META-INF/encryption.xml", """
            <?xml version="1.0"?>
            <encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
              <EncryptedData xmlns="http://www.w3.org/2001/04/xmlenc#">
                <EncryptionMethod Algorithm="\(algorithm)"/>
                <CipherData><CipherReference URI="OEBPS/one.xhtml"/></CipherData>
              </EncryptedData>
            </encryption>
            """)
    }

    func testDRM() throws {
        let aes = "http://www.w3.org/2001/04/xmlenc#aes128-cbc"
        let rights = TestZip.Entry("META-INF/rights.xml", """
            <?xml version="1.0"?><adept:rights xmlns:adept="http://ns.adobe.com/adept"><adept:licenseToken/></adept:rights>
            """)
        assertError(TestBooks.epub(opf: plainOPF, extra: [encryption(aes), rights])) { $0 == .encrypted("Adobe DRM") }
        assertError(TestBooks.epub(opf: plainOPF, extra: [encryption(aes)])) { $0 == .encrypted("DRM") }
        XCTAssertEqual(ReflowError.encrypted("Adobe DRM").description, "is encrypted with Adobe DRM")
        // Font obfuscation hides fonts, not text: the book opens.
        let obfuscated = try open(TestBooks.epub(opf: plainOPF, extra: [encryption("http://www.idpf.org/2008/embedding")]))
        XCTAssertTrue(obfuscated.pageText(1).contains("Chapter One"))
    }

    func testWhatIsNoBook() throws {
        assertError([], { $0 == .empty })
        assertError(TestBooks.png(width: 4, height: 4, color: .white)) { $0 == .notABook("PNG image") }
        XCTAssertEqual(ReflowError.notABook("PNG image").description, "is not an EPUB (PNG image)")
        assertError(Array("%PDF-1.4\n%âãÏÓ\n".utf8), named: "paper.epub") { $0 == .notABook("PDF document") }
        assertError([0x1F, 0x8B, 8, 0, 0, 0], named: "x.fb2") { $0 == .notABook("gzip-compressed data") }
        assertError(Array("Just some notes.\n".utf8), named: "notes.epub") { $0 == .notABook("text file") }
        assertError([0, 1, 2, 3, 200, 201], named: "x.epub") { $0 == .notABook("unknown data") }
        assertError(TestZip.make([TestZip.Entry("readme.md", "hello")]), named: "archive.zip") { $0 == .notABook("ZIP archive") }
        XCTAssertThrowsError(try ReflowDocument(path: folder.path)) { XCTAssertEqual($0 as? ReflowError, .isDirectory) }
        XCTAssertThrowsError(try ReflowDocument(path: folder.appendingPathComponent("absent.epub").path)) {
            XCTAssertEqual($0 as? ReflowError, .missing)
        }
        let fifo = folder.appendingPathComponent("pipe.epub").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        XCTAssertThrowsError(try ReflowDocument(path: fifo)) { XCTAssertEqual($0 as? ReflowError, .notABook("not a regular file")) }
        XCTAssertEqual(ReflowError.empty.description, "is empty (0 bytes)")
        XCTAssertEqual(ReflowError.missing.description, "no such file")
    }

    func testAMissingEngineIsOneError() {
        XCTAssertThrowsError(try ReflowLibrary(candidates: ["/nonexistent/libibook-reflow.so"])) { error in
            guard case .engineMissing(let reason) = error as? ReflowError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("/nonexistent/libibook-reflow.so"), reason)
        }
    }

    func testOutOfRangeRequestsAreHarmless() throws {
        let document = try open(TestBooks.epub(opf: plainOPF))
        XCTAssertEqual(document.pageText(0), "")
        XCTAssertEqual(document.pageText(document.pageCount + 1), "")
        XCTAssertEqual(document.find("Chapter", page: 999), [])
        XCTAssertThrowsError(try document.render(page: 999, width: 10, height: 10))
        XCTAssertThrowsError(try document.render(page: 1, width: 100_000, height: 10))
        XCTAssertEqual(document.page(at: ReflowPosition(value: .max)), 1)
        XCTAssertNil(document.coverImage(maxPixels: 100))
        // An absurd layout is laid out as the nearest sane one, not as millions of pages.
        try document.relayout(ReflowLayout(width: .nan, height: -5, fontSize: 0))
        XCTAssertTrue((1...1000).contains(document.pageCount), "\(document.pageCount)")
    }
}
