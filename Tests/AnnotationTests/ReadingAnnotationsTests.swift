import BookLibrary
import Foundation
import TestSupport
import XCTest

/// Annotations made by poppler's own API (as Evince makes them) are read
/// when the book is added, with the text under each highlight.
final class ReadingAnnotationsTests: XCTestCase {
    static let marks: [PopplerAnnotator.Spec] = [
        .init(page: 1, passage: "kept the lan-\ntern burning", mark: .highlight, contents: "Keep this", author: "Ann"),
        .init(page: 1, passage: "quiet harbour", mark: .underline, color: (0, 0, 65535)),
        .init(page: 2, passage: "begins with\ngulls over the", mark: .highlight),
        .init(page: 2, passage: "fog horns and foghorn", mark: .strikeOut, contents: "Repeated"),
        .init(page: 3, passage: "公園は\n人で", mark: .highlight, author: "山田"),
        .init(page: 3, passage: "桜が咲きます", mark: .squiggly),
        .init(page: 4, passage: "lighthouse passage", mark: .highlight),
        .init(page: 5, passage: "", mark: .note(x: 340, y: 70), contents: "Check the margin\nand the index", author: "Ann"),
    ]

    /// The fixture book with the marks above, in a fresh folder.
    static func annotatedBook(in folder: URL) throws -> String {
        let plain = folder.appendingPathComponent("plain.pdf").path
        let marked = folder.appendingPathComponent("harbours.pdf").path
        try AnnotatedBook.write(plain)
        try PopplerAnnotator.annotate(plain, marks, to: marked)
        return marked
    }

    func testAddReadsEveryKindWithTheTextItCovers() throws {
        let library = try TestLibrary("annotations")
        let path = try Self.annotatedBook(in: library.root)
        let added = try library.ibook("add", path)
        XCTAssertEqual(added.status, 0, added.stderr)
        let notes = try library.json(BookNotes.self, "notes", "--json")
        let all = notes.chapters.flatMap(\.annotations)
        XCTAssertEqual(all.count, 8)
        XCTAssertEqual(all.map(\.page), [1, 1, 2, 2, 3, 3, 4, 5], "page order, top to bottom")
        XCTAssertEqual(all.map(\.kind), [.underline, .highlight, .highlight, .strikeOut, .squiggly, .highlight, .highlight, .note],
                       "within a page, top to bottom")
        XCTAssertEqual(all.map(\.text), ["quiet harbour", "kept the lantern burning", "begins with gulls over the",
                                         "fog horns and foghorn", "桜が咲きます", "公園は人で", "lighthouse passage", nil])
        XCTAssertEqual(all[1].note, "Keep this")
        XCTAssertEqual(all[1].author, "Ann")
        XCTAssertEqual(all[1].color, "#ffe900")
        XCTAssertEqual(all[0].color, "#0000ff")
        XCTAssertEqual(all[5].author, "山田")
        XCTAssertEqual(all[7].note, "Check the margin\nand the index")
        XCTAssertTrue(all.allSatisfy { $0.source == .pdf && !$0.boxes.isEmpty })
        XCTAssertEqual(all.map(\.label), ["i", "i", "1", "1", "2", "2", "3", "4"])
        // Grouped under the deepest outline entry at or before the page.
        XCTAssertEqual(notes.chapters.map(\.title), ["Chapter 1. Harbours", "Chapter 2. Columns", "Chapter 3. Tokyo",
                                                     "Chapter 4. Turned", "Notes"])
        XCTAssertEqual(notes.chapters.map(\.depth), [1, 1, 1, 0, 0])
        XCTAssertEqual(notes.chapters.map(\.parents), [["Part One"], ["Part One"], ["Part One"], [], []])
    }
}

extension ReadingAnnotationsTests {
    func testInkFreeTextAndStampAreKeptByKindLinksAndPopupsAreNot() throws {
        let library = try TestLibrary("annotation-kinds")
        var pdf = RawPDF.simple(text: "Ink and free text")
        pdf.set(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> /Annots [6 0 R 7 0 R 8 0 R 9 0 R 10 0 R] >>")
        pdf.set(6, "<< /Type /Annot /Subtype /Ink /Rect [100 100 200 200] /InkList [[100 100 150 180 200 120]] /C [1 0 0] /T (Bo) >>")
        pdf.set(7, "<< /Type /Annot /Subtype /FreeText /Rect [300 600 500 640] /Contents (Typed on the page) /DA (/Helv 12 Tf 0 g) /T (Bo) /M (D:20240105093000Z) >>")
        pdf.set(8, "<< /Type /Annot /Subtype /Stamp /Rect [300 300 400 340] /Name /Approved >>")
        pdf.set(9, "<< /Type /Annot /Subtype /Link /Rect [72 690 200 720] /A << /S /URI /URI (https://example.org) >> >>")
        pdf.set(10, "<< /Type /Annot /Subtype /Popup /Rect [400 400 500 500] /Parent 7 0 R >>")
        let path = library.root.appendingPathComponent("kinds.pdf")
        try pdf.write(to: path)
        XCTAssertEqual(try library.ibook("add", path.path).status, 0)
        let all = try library.json(BookNotes.self, "notes", "--json").chapters.flatMap(\.annotations)
        XCTAssertEqual(Set(all.map(\.kind.rawValue)), ["ink", "free-text", "stamp"])
        let freeText = try XCTUnwrap(all.first { $0.kind == .freeText })
        XCTAssertEqual(freeText.note, "Typed on the page")
        XCTAssertEqual(freeText.author, "Bo")
        XCTAssertEqual(freeText.modifiedAt, Date(timeIntervalSince1970: 1_704_447_000))
        XCTAssertEqual(freeText.boxes, [AnnotationBox(x1: 300, y1: 152, x2: 500, y2: 192)], "top-left coordinates")
        let ink = try XCTUnwrap(all.first { $0.kind == .ink })
        XCTAssertEqual(ink.color, "#ff0000")
        XCTAssertNil(ink.text)
        XCTAssertTrue(all.allSatisfy { $0.page == 1 })
    }

    func testRescanRereadsThePDFAndKeepsWhatWasMadeInIbook() throws {
        let library = try TestLibrary("annotation-rescan")
        let path = try Self.annotatedBook(in: library.root)
        XCTAssertEqual(try library.ibook("add", path).status, 0)
        let deleted = try library.ibook("notes", "--delete", "1")
        XCTAssertEqual(deleted.stdout, "Deleted highlight #1 on page 1 (i) of Annotated Harbours\n", deleted.stderr)
        XCTAssertEqual(try library.ibook("notes", "--delete", "1").stderr,
                       "Error: no annotation #1 (see 'ibook notes --json' for ids)\n")
        let noted = try library.ibook("note", "4", "Compare with the atlas")
        XCTAssertEqual(noted.stdout, "Noted #9 on page 4 (3) of Annotated Harbours\n", noted.stderr)
        XCTAssertEqual(try library.json(BookNotes.self, "notes", "--json").annotationCount, 8)

        let rescan = try library.ibook("notes", "--rescan", "--json")
        XCTAssertEqual(rescan.status, 0, rescan.stderr)
        XCTAssertEqual(rescan.stderr, "Read 8 annotations from #1 Annotated Harbours\n")
        let notes = try JSONDecoder.iso8601.decode(BookNotes.self, from: Data(rescan.stdout.utf8))
        let all = notes.chapters.flatMap(\.annotations)
        XCTAssertEqual(all.count, 9)
        XCTAssertEqual(all.filter { $0.source == .ibook }.map(\.note), ["Compare with the atlas"])
        XCTAssertTrue(all.contains { $0.text == "kept the lantern burning" }, "the deleted one is read again")

        // Survives the file moving: annotations belong to the content.
        let moved = library.root.appendingPathComponent("moved.pdf").path
        try FileManager.default.moveItem(atPath: path, toPath: moved)
        XCTAssertEqual(try library.ibook("relocate", "1", moved).status, 0)
        XCTAssertEqual(try library.json(BookNotes.self, "notes", "--json").annotationCount, 9)
        // Gone when the file is gone: one line naming it.
        try FileManager.default.removeItem(atPath: moved)
        let missing = try library.ibook("notes", "--rescan")
        XCTAssertEqual(missing.status, 1)
        XCTAssertEqual(missing.stderr, "Error: \(moved): no such file\n")
    }

    func testABookAddedBeforeAnnotationsWereReadPointsToRescan() throws {
        let library = try TestLibrary("annotation-upgrade")
        let path = try Self.annotatedBook(in: library.root)
        XCTAssertEqual(try library.ibook("add", path).status, 0)
        XCTAssertEqual(try library.ibook("notes").stderr, "", "read when added: nothing to point to")
        // As an ibook from before 8-annotations left it: the book added first, annotations never read.
        let sqlite = try Run.process("/usr/bin/sqlite3", [library.directory.path + "/library.sqlite", """
            DELETE FROM annotations; ALTER TABLE books DROP COLUMN annotations_read;
            DELETE FROM schema_migrations WHERE id = '11-annotations-read';
            UPDATE schema_migrations SET applied_at = (SELECT max(added_at) + 60 FROM books) WHERE id = '8-annotations';
            """])
        XCTAssertEqual(sqlite.status, 0, sqlite.stderr)

        let before = try library.ibook("notes")
        XCTAssertEqual(before.status, 0, before.stderr)
        XCTAssertEqual(before.stderr, """
            Annotated Harbours has no highlights or notes.
            Annotated Harbours was added before ibook read the highlights and notes in PDFs: 'ibook notes --rescan 1' reads them.

            """)
        XCTAssertEqual(try library.ibook("notes", "--all").stderr, """
            No highlights or notes yet.
            1 book was added before ibook read the highlights and notes in PDFs: 'ibook notes --rescan --all' reads them.

            """)
        XCTAssertEqual(try library.ibook("notes", "--rescan", "--all").status, 0)
        let after = try library.ibook("notes")
        XCTAssertEqual(after.stderr, "", "read now: the hint is gone")
        XCTAssertTrue(after.stdout.contains("kept the lantern burning"), after.stdout)
    }
}

extension JSONDecoder {
    static var iso8601: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
