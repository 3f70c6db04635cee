import Foundation
import TestSupport
import XCTest

/// `edit --write` on an EPUB: title, authors, subject and keywords go into its package
/// document; every other entry of the zip is copied byte for byte, `mimetype` first and
/// stored; unzip and MuPDF accept the result, and ibook reads the new values back.
final class EPUBEditWriteTests: XCTestCase {
    struct Listed: Decodable { var id: Int; var title: String; var author: String; var path: String; var keywords: String? }

    private var library: TestLibrary!

    override func setUpWithError() throws {
        library = try TestLibrary("epub-write")
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    private func run(_ tool: String, _ arguments: String...) throws -> Run.Result {
        try Run.process(tool, arguments)
    }

    /// Each entry's name, method, sizes and CRC, as `unzip -v` lists them.
    private func listing(_ path: String) throws -> [String: String] {
        let listed = try run("/usr/bin/unzip", "-v", path)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        var entries: [String: String] = [:]
        for line in listed.stdoutLines {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 8, fields[7].contains("/") || fields[7] == "mimetype" else { continue }
            entries[String(fields[7])] = [fields[0], fields[1], fields[2], fields[6]].joined(separator: " ")
        }
        return entries
    }

    func testACopyGetsTheNewMetadataAndEveryOtherEntryAsItWas() throws {
        let original = library.root.appendingPathComponent("voyage.epub")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("voyage.epub"), toPath: original.path)
        let originalBytes = try Data(contentsOf: original)
        XCTAssertEqual(try library.ibook("add", original.path).status, 0)
        XCTAssertEqual(try library.ibook("bookmark", "9", "--note", "Lofoten").status, 0)

        let result = try library.ibook("edit", "--title", "Northern Lights & Fjords", "--author", "Ingrid Solberg",
                                       "--author", "Nils Aas", "--subject", "A winter voyage", "--keywords", "travel; aurora", "--write")
        XCTAssertEqual(result.status, 0, result.stderr)
        let copy = library.root.appendingPathComponent("voyage.edited.epub").path
        XCTAssertTrue(result.stdout.hasSuffix("Wrote the metadata into \(copy); the book now uses that file\n"), result.stdout)
        XCTAssertEqual(try Data(contentsOf: original), originalBytes, "the original is kept as it was")

        let tested = try run("/usr/bin/unzip", "-t", copy)
        XCTAssertEqual(tested.status, 0, tested.stdout)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: copy)))
        XCTAssertEqual(Array(bytes[30..<38]), Array("mimetype".utf8), "mimetype first")
        XCTAssertEqual(bytes[8], 0, "and stored")
        XCTAssertEqual(Array(bytes[38..<58]), Array("application/epub+zip".utf8))
        var before = try listing(original.path), after = try listing(copy)
        XCTAssertNotEqual(before.removeValue(forKey: "OEBPS/content.opf"), after.removeValue(forKey: "OEBPS/content.opf"))
        XCTAssertEqual(before, after, "every other entry as it was")
        XCTAssertEqual(before.count, 17)

        let opf = try run("/usr/bin/unzip", "-p", copy, "OEBPS/content.opf").stdout
        for line in ["<dc:title id=\"book-title\">Northern Lights &amp; Fjords</dc:title>",
                     "<dc:creator id=\"ibook-author-1\">Ingrid Solberg</dc:creator>",
                     "<meta refines=\"#ibook-author-2\" property=\"role\" scheme=\"marc:relators\">aut</meta>",
                     "<dc:description>A winter voyage</dc:description>", "<dc:subject>travel</dc:subject>",
                     "<dc:subject>aurora</dc:subject>", "<dc:publisher>Aurora Quay Press</dc:publisher>",
                     "<meta refines=\"#series\" property=\"group-position\">2</meta>"] {
            XCTAssertTrue(opf.contains(line), "\(line) in\n\(opf)")
        }
        XCTAssertFalse(opf.contains("refines=\"#author\""), "the old author's refinements went with it")
        XCTAssertFalse(opf.contains("2026-03-14T00:00:00Z"), "dcterms:modified says when")

        // MuPDF opens and draws it, and a fresh library reads the new values from it.
        let drawn = try run("/usr/bin/mutool", "draw", "-q", "-F", "txt", "-o", "/dev/null", copy, "1")
        XCTAssertEqual(drawn.status, 0, drawn.stderr)
        let fresh = try TestLibrary("epub-write-fresh")
        defer { fresh.remove() }
        XCTAssertEqual(try fresh.ibook("add", copy).status, 0)
        let read = try XCTUnwrap(try fresh.json([Listed].self, "list", "--json").first)
        XCTAssertEqual(read.title, "Northern Lights & Fjords")
        XCTAssertEqual(read.author, "Ingrid Solberg, Nils Aas")

        // The library's book follows its new file and keeps its bookmark.
        let listed = try XCTUnwrap(try library.json([Listed].self, "list", "--json").first)
        XCTAssertEqual(listed.path, copy)
        XCTAssertTrue(try library.ibook("bookmarks").stdout.contains("Lofoten"))
    }

    func testInPlaceOnAnEPUB2KeepsItsIllustrator() throws {
        let opf = """
            <?xml version="1.0" encoding="utf-8"?>
            <package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="uid">
              <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
                <dc:title>Old Title</dc:title>
                <dc:creator opf:role="aut" opf:file-as="Writer, Ann">Ann Writer</dc:creator>
                <dc:creator opf:role="ill">Ivy Drawer</dc:creator>
                <dc:identifier id="uid">tides-2</dc:identifier>
                <dc:language>en</dc:language>
              </metadata>
              <manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest>
              <spine><itemref idref="c"/></spine>
            </package>
            """
        let chapter = """
            <?xml version="1.0" encoding="utf-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>Tides</title></head><body><h1>Tides</h1><p>High water at noon.</p></body></html>
            """
        var entries = [ZipWriter.Entry("mimetype", "application/epub+zip"),
                       ZipWriter.Entry("META-INF/container.xml", """
                           <?xml version="1.0"?>
                           <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
                             <rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles>
                           </container>
                           """)]
        entries += [ZipWriter.Entry("content.opf", opf), ZipWriter.Entry("c.xhtml", chapter)]
        let path = library.root.appendingPathComponent("tides.epub").path
        try Data(ZipWriter.archive(entries)).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try library.ibook("add", path).status, 0)
        let result = try library.ibook("edit", "--title", "Tides", "--author", "Ann Writer", "--write", "--in-place")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasSuffix("Wrote the metadata into \(path); the book now uses that file\n"), result.stdout)
        let written = try run("/usr/bin/unzip", "-p", path, "content.opf").stdout
        XCTAssertTrue(written.contains("<dc:title>Tides</dc:title>"), written)
        XCTAssertTrue(written.contains("<dc:creator opf:role=\"aut\">Ann Writer</dc:creator>"), written)
        XCTAssertTrue(written.contains("<dc:creator opf:role=\"ill\">Ivy Drawer</dc:creator>"), written)
        XCTAssertEqual(written.components(separatedBy: "Ann Writer").count, 2, "one author entry")
        XCTAssertEqual(try run("/usr/bin/unzip", "-t", path).status, 0)
        XCTAssertEqual(try library.ibook("check").status, 0, "the library's hash is the new file's")

        // Not every format has a package document to write into.
        let text = library.root.appendingPathComponent("plain.txt").path
        try "Plain\n\nSome text.\n".write(toFile: text, atomically: true, encoding: .utf8)
        XCTAssertEqual(try library.ibook("add", text).status, 0)
        let refused = try library.ibook("edit", "plain", "--title", "x", "--write")
        XCTAssertEqual(refused.stderr, "Error: \(text) is a plain-text book: 'ibook edit --write' works on PDFs and EPUBs only\n")
    }
}
