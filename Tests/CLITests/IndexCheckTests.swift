import Foundation
import TestSupport
import XCTest

/// `check --index` finds where the full-text index and the stored text
/// disagree, `check --repair` puts them back in step, and damaged page text
/// is an error rather than an empty page. The damage is done with raw SQL,
/// as a crash, a bug or another program could.
final class IndexCheckTests: XCTestCase {
    private var library: TestLibrary!

    override func setUpWithError() throws {
        library = try TestLibrary("index-check")
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("cafe-culture.pdf")).status, 0)
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0)
    }

    override func tearDown() {
        library?.remove()
        library = nil
    }

    @discardableResult
    private func sql(_ script: String) throws -> String { try library.sql(script) }

    private func rowID(book: Int, page: Int) throws -> String {
        try sql("SELECT id FROM pages WHERE book_id = \(book) AND page = \(page)")
    }

    func testAnIndexInStepIsSaidToBe() throws {
        let checked = try library.ibook("check", "--index")
        XCTAssertEqual(checked.status, 0, checked.stderr)
        XCTAssertEqual(checked.stdout, "")
        XCTAssertEqual(checked.stderr, "2 checked, 0 with problems; index: 52 pages, in step\n")
    }

    func testCheckReportsAnIndexOutOfStepAndRepairRebuildsIt() throws {
        let forgotten = try rowID(book: 1, page: 3), doubled = try rowID(book: 2, page: 6)
        try sql("""
            INSERT INTO page_index (page_index, rowid, words, variants) VALUES ('delete', \(forgotten), 'words it never held', '');
            INSERT INTO page_index (rowid, words, variants) VALUES (\(doubled), 'quixotic xylophone', '');
            INSERT INTO page_index (rowid, words, variants) VALUES (99999, 'orphaned words', '');
            """)

        let checked = try library.ibook("check", "--index")
        XCTAssertEqual(checked.status, 1)
        XCTAssertEqual(checked.stdoutLines, [
            "index    #1 Résumé of Café Culture, page 3: not in the index",
            "index    #2 A Field Guide to Lighthouses, page 6: the index does not hold its text",
            "index    index row 99999: belongs to no page",
        ])
        XCTAssertEqual(checked.stderr, "2 checked, 0 with problems; index: 52 pages, 3 out of step\n")

        let repaired = try library.ibook("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stderr)
        XCTAssertEqual(repaired.stdoutLines.last, "repaired the full-text index: 52 pages indexed again from their stored text")
        XCTAssertEqual(repaired.stderr, "2 checked, 0 with problems; index: 52 pages, rebuilt\n")

        let again = try library.ibook("check", "--index")
        XCTAssertEqual(again.status, 0, again.stdout)
        XCTAssertEqual(again.stderr, "2 checked, 0 with problems; index: 52 pages, in step\n")
        XCTAssertEqual(try sql("SELECT count(*) FROM page_index WHERE page_index MATCH 'xylophone OR orphaned'"), "0",
                       "the stray words are gone from the index")
        let pdftotext = try Run.process("/usr/bin/pdftotext", ["-f", "3", "-l", "3", Fixtures.sampleBook("cafe-culture.pdf"), "-"])
        let word = try XCTUnwrap(pdftotext.stdout.split(whereSeparator: { !$0.isLetter }).first { $0.count > 6 })
        XCTAssertTrue(try library.ibook("search", "--book", "Café", String(word)).stdout.contains("p. 3"),
                      "page 3 is found again by '\(word)'")
        XCTAssertEqual(try library.ibook("check", "--index", "--json").stdoutLines.last,
                       #"{"index":{"pagesChecked":52,"problems":[]}}"#)
    }

    func testADamagedIndexStructureIsFoundAndRebuilt() throws {
        try sql("UPDATE page_index_data SET block = substr(block, 1, length(block) / 2) WHERE id = (SELECT max(id) FROM page_index_data)")
        let checked = try library.ibook("check", "--index")
        XCTAssertEqual(checked.status, 1)
        XCTAssertEqual(checked.stdout, "index    the full-text index is damaged: database disk image is malformed\n")
        XCTAssertEqual(checked.stderr, "2 checked, 0 with problems; index: 52 pages, 1 out of step\n")
        let repaired = try library.ibook("check", "--repair")
        XCTAssertEqual(repaired.status, 0, repaired.stderr)
        XCTAssertEqual(try library.ibook("check", "--index").stderr, "2 checked, 0 with problems; index: 52 pages, in step\n")
        XCTAssertTrue(try library.ibook("search", "--all", "naïve").stdout.contains("Café"))
    }

    /// Text that inflates (its checksum right) but is not UTF-8 can only be
    /// written by another program: `read` says so; search, which reads every
    /// page that matches without checking, shows it with replacement characters.
    func testPageTextThatIsNotUTF8IsAnErrorToReadAndRepairedInSearchHits() throws {
        let page = try library.ibook("read", "--book", "Lighthouses", "8").stdout
        let word = try XCTUnwrap(page.split(whereSeparator: { !$0.isLetter }).first { $0.count > 6 }).lowercased()
        var latin1 = Array("The \(word) of the light walked to the caf".utf8) + [0xE9] + Array(" at noon.".utf8)
        latin1 += Array(repeating: 0x20, count: max(0, 120 - latin1.count))
        let stored = withUnsafeBytes(of: UInt32(latin1.count).littleEndian, Array.init) + Self.zlibStored(latin1)
        try sql("UPDATE pages SET text = x'\(stored.map { String(format: "%02x", $0) }.joined())' WHERE id = \(try rowID(book: 2, page: 8))")

        let read = try library.ibook("read", "--book", "Lighthouses", "8")
        XCTAssertEqual(read.status, 1)
        XCTAssertEqual(read.stderr, "Error: page 8 of #2 A Field Guide to Lighthouses: the stored text cannot be decoded (not UTF-8); remove the book and add it again\n")
        let search = try library.ibook("search", "--book", "Lighthouses", word)
        XCTAssertEqual(search.status, 0, search.stderr)
        let hit = try XCTUnwrap(search.stdoutLines.first { $0.hasPrefix("p. 8 ") }, search.stdout)
        XCTAssertTrue(hit.contains("walked to the caf\u{FFFD} at noon"), hit)
    }

    /// Page text as ibook stores it (LZ4, which has no checksum of its own)
    /// with one byte changed: the CRC-32 beside it says so, never other text.
    func testAChangedByteOfLZ4TextIsCaughtByItsChecksum() throws {
        let row = try rowID(book: 2, page: 8)
        let hex = try sql("SELECT hex(text) FROM pages WHERE id = \(row)").trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(Array(hex)[6...7].map(String.init).joined(), "80", "the length's top bit says LZ4")
        var bytes = Array(hex)
        let last = bytes.count - 6
        bytes[last] = bytes[last] == "0" ? "1" : "0"
        try sql("UPDATE pages SET text = x'\(String(bytes))' WHERE id = \(row)")

        let read = try library.ibook("read", "--book", "Lighthouses", "8")
        XCTAssertEqual(read.status, 1)
        XCTAssertEqual(read.stderr, "Error: page 8 of #2 A Field Guide to Lighthouses: the stored text cannot be decoded (its checksum does not match what it holds); remove the book and add it again\n")
        let checked = try library.ibook("check", "--index")
        XCTAssertEqual(checked.status, 1)
        XCTAssertEqual(checked.stdoutLines, [
            "damaged  #2 A Field Guide to Lighthouses, page 8: the stored text cannot be decoded (its checksum does not match what it holds); remove the book and add it again",
        ])
    }

    /// `bytes` as a zlib stream of one stored (uncompressed) block.
    private static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        let length = UInt16(bytes.count), adler = b << 16 | a
        return [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            + bytes + [UInt8(adler >> 24), UInt8((adler >> 16) & 0xFF), UInt8((adler >> 8) & 0xFF), UInt8(adler & 0xFF)]
    }

    func testDamagedPageTextFailsLoudlyAndRemoveKeepsTheIndexInStep() throws {
        let damaged = try rowID(book: 2, page: 8)
        XCTAssertEqual(try sql("SELECT typeof(text) FROM pages WHERE id = \(damaged)"), "blob")
        try sql("UPDATE pages SET text = x'00100000789c0102030405' WHERE id = \(damaged)")

        let read = try library.ibook("read", "--book", "Lighthouses", "8")
        XCTAssertEqual(read.status, 1)
        XCTAssertEqual(read.stdout, "")
        XCTAssertEqual(read.stderr, "Error: page 8 of #2 A Field Guide to Lighthouses: the stored text cannot be decoded (damaged deflate data); remove the book and add it again\n")
        XCTAssertEqual(try library.ibook("read", "--book", "Lighthouses", "9").status, 0, "the other pages read on")

        let checked = try library.ibook("check", "--index")
        XCTAssertEqual(checked.status, 1)
        XCTAssertEqual(checked.stdoutLines, [
            "damaged  #2 A Field Guide to Lighthouses, page 8: the stored text cannot be decoded (damaged deflate data); remove the book and add it again",
        ])
        XCTAssertEqual(checked.stderr, "2 checked, 0 with problems; index: 52 pages, in step, 1 with damaged text\n")

        // The index still holds page 8's words: remove must take them out
        // although the stored text cannot tell it which they are.
        let removed = try library.ibook("remove", "Lighthouses")
        XCTAssertEqual(removed.status, 0, removed.stderr)
        let after = try library.ibook("check", "--index")
        XCTAssertEqual(after.status, 0, after.stdout)
        XCTAssertEqual(after.stderr, "1 checked, 0 with problems; index: 12 pages, in step\n")
        XCTAssertEqual(try sql("SELECT count(*) FROM page_index_docsize"), "12")
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf")).status, 0, "added again, whole")
        XCTAssertEqual(try library.ibook("check", "--index").status, 0)
    }
}
