import Foundation
import TestSupport
import XCTest

/// `edit --write`: the metadata goes into the PDF itself, the book follows its new file.
final class EditWriteTests: XCTestCase {
    struct Info: Decodable {
        struct Stored: Decodable { var id: Int; var title: String; var path: String; var sha256: String; var subject: String? }
        var book: Stored
        var thumbnail: String?
    }

    private func pdfinfo(_ arguments: String...) throws -> String {
        let result = try Run.process("/usr/bin/pdfinfo", arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdout
    }

    func testWritingACopyKeepsTheOriginalAndTheBookKeepsItsBookmarksAndHistory() throws {
        let library = try TestLibrary()
        let original = library.root.appendingPathComponent("notes.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("untitled-notes.pdf"), toPath: original.path)
        let originalBytes = try Data(contentsOf: original)
        XCTAssertEqual(try library.ibook("add", original.path).status, 0)
        let before = try library.json(Info.self, "info", "--json")
        XCTAssertEqual(try library.ibook("bookmark", "2", "--note", "high water").status, 0)
        XCTAssertEqual(try library.ibook("read", "3").status, 0)

        let result = try library.ibook("edit", "--title", "Field Notes on Tides", "--author", "Ann Ebb", "--author", "Flo Wood",
                                       "--subject", "Tides & currents", "--keywords", "sea, moon", "--write")
        XCTAssertEqual(result.status, 0, result.stderr)
        let copy = library.root.appendingPathComponent("notes.edited.pdf").path
        XCTAssertTrue(result.stdout.hasSuffix("Wrote the metadata into \(copy); the book now uses that file\n"), result.stdout)
        XCTAssertEqual(try Data(contentsOf: original), originalBytes, "the original is kept as it was")

        let info = try pdfinfo(copy)
        for line in ["Title:           Field Notes on Tides", "Author:          Ann Ebb, Flo Wood",
                     "Subject:         Tides & currents", "Keywords:        sea, moon", "Pages:           3"] {
            XCTAssertTrue(info.contains(line), "\(line) in\n\(info)")
        }
        let xmp = try pdfinfo("-meta", copy)
        XCTAssertTrue(xmp.contains("<rdf:li xml:lang=\"x-default\">Field Notes on Tides</rdf:li>"), xmp)
        XCTAssertTrue(xmp.contains("<rdf:Seq><rdf:li>Ann Ebb</rdf:li><rdf:li>Flo Wood</rdf:li></rdf:Seq>"), xmp)
        XCTAssertTrue(xmp.contains("Tides &amp; currents"), xmp)

        let after = try library.json(Info.self, "info", "--json")
        XCTAssertEqual(after.book.id, before.book.id)
        XCTAssertEqual(after.book.path, copy)
        XCTAssertNotEqual(after.book.sha256, before.book.sha256)
        XCTAssertTrue(after.thumbnail?.contains(after.book.sha256) ?? false, "the cover follows the new hash")
        XCTAssertTrue(try library.ibook("bookmarks").stdout.contains("high water"))
        XCTAssertTrue(try library.ibook("history").stdout.contains("page 3 of 3"))
        XCTAssertEqual(try library.ibook("check").status, 0)

        // Written values are what the PDF now says: refresh agrees with them.
        XCTAssertEqual(try library.ibook("refresh").status, 0)
        XCTAssertEqual(try library.json(Info.self, "info", "--json").book.title, "Field Notes on Tides")

        // An existing file is never overwritten unless --in-place.
        let refused = try library.ibook("edit", "--write", "-o", original.path)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.stderrLines, ["Error: --write: \(original.path) already exists: give another with -o, or --in-place"])
        XCTAssertEqual(try Data(contentsOf: original), originalBytes)
    }

    /// A real PDF/A file (py-pdf/sample-files' crazyones-pdfa.pdf, CC BY-NC-ND: read from the
    /// corpus, not copied here): written in place, its XMP packet keeps the PDF/A identification.
    func testInPlaceKeepsAPDFAIdentification() throws {
        let corpus = try Fixtures.requireCorpus("a real PDF/A file (py-pdf-sample-files/crazyones-pdfa.pdf)")
        let library = try TestLibrary()
        let file = library.root.appendingPathComponent("crazy.pdf")
        try FileManager.default.copyItem(at: corpus.appendingPathComponent("real/py-pdf-sample-files/crazyones-pdfa.pdf"), to: file)
        XCTAssertEqual(try library.ibook("add", file.path).status, 0)
        let result = try library.ibook("edit", "crazy", "--title", "The Crazy Ones (1997)", "--write", "--in-place")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(try pdfinfo(file.path).contains("Title:           The Crazy Ones (1997)"))
        XCTAssertTrue(try pdfinfo("-meta", file.path).contains("pdfaid:part='1'"), "the rest of the XMP packet stays")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: library.root.path).filter { $0.hasPrefix(".") }, [],
                       "no temporary file left")
    }

    /// Needs nothing from outside: the encrypted file is made here.
    func testInPlaceKeepsEncryption() throws {
        let library = try TestLibrary()
        let encrypted = try BadFiles.encrypted(Fixtures.sampleBook("atlas-landscape.pdf"), userPassword: "sesame",
                                               in: library.root, name: "locked.pdf")
        XCTAssertEqual(try library.ibook("add", encrypted.path, "--password", "sesame").status, 0)
        let locked = try library.ibook("edit", "--title", "Coastlines", "--write", "--in-place")
        XCTAssertEqual(locked.status, 1)
        XCTAssertEqual(locked.stderrLines.count, 1, locked.stderr)
        XCTAssertEqual(try library.ibook("edit", "--write", "--in-place", "--password", "sesame").status, 0)
        XCTAssertTrue(try Run.process("/usr/bin/pdfinfo", ["-upw", "sesame", encrypted.path]).stdout.contains("Title:           Coastlines"))
        XCTAssertNotEqual(try Run.process("/usr/bin/pdfinfo", [encrypted.path]).status, 0, "still encrypted")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: library.root.path).filter { $0.hasPrefix(".") }, [],
                       "no temporary file left")
    }
}
