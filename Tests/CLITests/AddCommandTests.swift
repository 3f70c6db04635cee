import Foundation
import TestSupport
import XCTest

/// `ibook add`, `list`, `info`, `open`, `remove`, `thumbnail` run as a user would.
final class AddCommandTests: XCTestCase {
    struct ListedBook: Decodable {
        var id: Int
        var title: String
        var titleSource: String
        var author: String
        var pageCount: Int
        var path: String
        var sha256: String
        var format: String
        var details: Details
        struct Details: Decodable { var publisher: String?; var series: String?; var seriesIndex: Double?; var isbn: String? }
    }

    struct Info: Decodable {
        struct Stored: Decodable { var id: Int; var title: String; var author: String; var pageCount: Int; var subject: String?; var keywords: String?; var creator: String? }
        var book: Stored
        var outlineEntries: Int
        var labelledPages: [String]?
        var thumbnail: String?
        var isOpen: Bool
    }

    func testAddsEverySampleBookWithWhatTheGeneratorWrote() throws {
        let library = try TestLibrary()
        let result = try library.ibook("add", Fixtures.sampleBooks.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        let expected = try Fixtures.expected
        XCTAssertTrue(result.stderr.contains("\(expected.books.count) added, 0 already present, 0 failed"), result.stderr)

        let books = try library.json([ListedBook].self, "list", "--json")
        XCTAssertEqual(books.count, expected.books.count)
        for want in expected.books {
            guard let book = books.first(where: { $0.path.hasSuffix("/" + want.file) }) else {
                XCTFail("\(want.file) not listed"); continue
            }
            let fileName = (want.file as NSString).deletingPathExtension
            XCTAssertEqual(book.title, want.title ?? fileName, want.file)
            XCTAssertEqual(book.author, want.author ?? "Unknown", want.file)
            XCTAssertEqual(book.pageCount, want.pageCount, want.file)
            XCTAssertEqual(book.format, want.format ?? "pdf", want.file)
            XCTAssertEqual(book.details.publisher, want.publisher, want.file)
            XCTAssertEqual(book.details.series, want.series, want.file)
            XCTAssertEqual(book.details.seriesIndex, want.seriesIndex, want.file)
            XCTAssertEqual(book.details.isbn, want.isbn, want.file)

            let info = try library.json(Info.self, "info", "--json", String(book.id))
            XCTAssertEqual(info.outlineEntries, want.outline.count, want.file)
            XCTAssertEqual(info.labelledPages, want.labels?.isEmpty == false ? want.labels : nil, want.file)
            XCTAssertEqual(info.book.subject, want.subject, want.file)
            XCTAssertEqual(info.book.keywords, want.keywords, want.file)
            let thumbnail = try XCTUnwrap(info.thumbnail, want.file)
            XCTAssertTrue(thumbnail.hasPrefix(library.cache.path + "/ibook/thumbnails/"), thumbnail)
            let png = try Data(contentsOf: URL(fileURLWithPath: thumbnail))
            XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], want.file)
        }
        // A folder add is not a single file: nothing becomes the open book.
        XCTAssertNotEqual(try library.ibook("info").status, 0)
    }

    func testSameContentFromAnotherPathIsNotAddedTwiceAndAMovedFileIsRelinked() throws {
        let library = try TestLibrary()
        let source = Fixtures.sampleBook("cafe-culture.pdf")
        let copy = library.root.appendingPathComponent("copy of café.pdf")
        try FileManager.default.copyItem(atPath: source, toPath: copy.path)
        XCTAssertEqual(try library.ibook("add", copy.path).status, 0)

        let again = try library.ibook("add", source)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("already in library as #1"), again.stdout)
        XCTAssertTrue(again.stderr.contains("0 added, 1 already present, 0 failed"), again.stderr)

        // The recorded file goes away; adding it from elsewhere updates the path.
        let moved = library.root.appendingPathComponent("moved.pdf")
        try FileManager.default.moveItem(at: copy, to: moved)
        let relinked = try library.ibook("add", moved.path)
        XCTAssertTrue(relinked.stdout.contains("already in library as #1"), relinked.stdout)
        let books = try library.json([ListedBook].self, "list", "--json")
        XCTAssertEqual(books.map(\.path), [moved.path])
    }

    func testBadFilesEachGetOneLineWhileTheRestOfTheBatchIsAdded() throws {
        let library = try TestLibrary()
        let folder = library.root.appendingPathComponent("batch")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("cafe-culture.pdf"), toPath: folder.appendingPathComponent("good.pdf").path)
        try BadFiles.zeroBytes(in: folder)
        try BadFiles.randomBytes(in: folder)
        try BadFiles.randomBytes(in: folder, name: "random-header.pdf", pdfHeader: true)
        try BadFiles.textFile(in: folder)
        try BadFiles.truncated(Fixtures.sampleBook("lighthouses.pdf"), fraction: 0.4, in: folder, name: "truncated.pdf")
        try BadFiles.encrypted(Fixtures.sampleBook("atlas-landscape.pdf"), userPassword: "s3cret", in: folder, name: "locked.PDF")

        let result = try library.ibook("add", folder.path)
        XCTAssertEqual(result.status, 1)
        let errors = result.stderrLines.filter { $0.hasPrefix("Error:") }
        func line(_ name: String) -> String? { errors.first { $0.contains("/" + name + ":") } }
        XCTAssertEqual(line("empty.pdf").map { $0.hasSuffix("is empty (0 bytes)") }, true, errors.description)
        XCTAssertEqual(line("random.pdf").map { $0.hasSuffix("is not a PDF (no PDF header)") }, true, errors.description)
        XCTAssertEqual(line("notes.pdf").map { $0.hasSuffix("is not a PDF (text file)") }, true, errors.description)
        XCTAssertEqual(line("random-header.pdf").map { $0.contains("is damaged") }, true, errors.description)
        XCTAssertEqual(line("locked.PDF").map { $0.hasSuffix("needs a password (use --password)") }, true, errors.description)
        // A truncated file either reads (poppler reconstructs) or is damaged: never half-added.
        if let truncated = line("truncated.pdf") { XCTAssertTrue(truncated.contains("damaged") || truncated.contains("could not be read"), truncated) }
        XCTAssertEqual(result.stderrLines.count, errors.count + 1, "one line per bad file plus the summary: \(result.stderr)")
        XCTAssertFalse(result.stderr.contains("Syntax Error"), "poppler noise leaked: \(result.stderr)")
        let books = try library.json([ListedBook].self, "list", "--json")
        XCTAssertTrue(books.contains { $0.path.hasSuffix("/good.pdf") })
        XCTAssertFalse(books.contains { $0.path.hasSuffix("/locked.PDF") })

        let wrong = try library.ibook("add", "--password", "nope", folder.appendingPathComponent("locked.PDF").path)
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stderr.contains("locked.PDF: wrong password"), wrong.stderr)
        let right = try library.ibook("add", "--password", "s3cret", folder.appendingPathComponent("locked.PDF").path)
        XCTAssertEqual(right.status, 0, right.stderr)
        XCTAssertTrue(right.stdout.contains("Atlas of Coastlines"), right.stdout)
        let database = try String(contentsOf: library.directory.appendingPathComponent("library.sqlite"), encoding: .isoLatin1)
        XCTAssertFalse(database.contains("s3cret"), "the password must never be stored")
    }

    func testSingleFileBecomesTheOpenBookAndBooksAreNamedByIdPathOrTitle() throws {
        let library = try TestLibrary()
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("lighthouses.pdf"), Fixtures.sampleBook("cafe-culture.pdf")).status, 0)
        let noOpen = try library.ibook("info")
        XCTAssertEqual(noOpen.status, 1)
        XCTAssertTrue(noOpen.stderr.contains("ibook open BOOK"), noOpen.stderr)

        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("cjk-seasons.pdf")).status, 0)
        XCTAssertEqual(try library.json(Info.self, "info", "--json").book.title, "東京の四季")

        XCTAssertEqual(try library.json(Info.self, "info", "--json", "lighthouse").book.id, 1)
        XCTAssertEqual(try library.json(Info.self, "info", "--json", Fixtures.sampleBook("cafe-culture.pdf")).book.id, 2)
        XCTAssertEqual(try library.json(Info.self, "info", "--json", "#2").book.id, 2)
        XCTAssertEqual(try library.json(Info.self, "info", "--json", "cafe").book.id, 2, "diacritic-insensitive title match")

        let ambiguous = try library.ibook("info", "e")
        XCTAssertEqual(ambiguous.status, 1)
        XCTAssertTrue(ambiguous.stderr.contains("matches 2 books") && ambiguous.stderr.contains("#1 A Field Guide to Lighthouses"), ambiguous.stderr)
        let unknown = try library.ibook("info", "no such book")
        XCTAssertTrue(unknown.stderr.contains("no book matches 'no such book'"), unknown.stderr)

        let opened = try library.ibook("open", "2")
        XCTAssertEqual(opened.status, 0)
        XCTAssertTrue(try library.json(Info.self, "info", "--json").isOpen)
        XCTAssertEqual(try library.json(Info.self, "info", "--json").book.id, 2)
    }

    func testRemoveTakesTheBookAndItsIndexButNeverTheFile() throws {
        let library = try TestLibrary()
        let file = library.root.appendingPathComponent("lighthouses.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("lighthouses.pdf"), toPath: file.path)
        XCTAssertEqual(try library.ibook("add", file.path).status, 0)
        let removed = try library.ibook("remove", "Lighthouses")
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))
        XCTAssertEqual(try library.json([ListedBook].self, "list", "--json").count, 0)
        let database = library.directory.appendingPathComponent("library.sqlite").path
        let counts = try Run.process("/usr/bin/env", ["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            print(db.execute("select count(*) from pages").fetchone()[0], db.execute("select count(*) from page_index_docsize").fetchone()[0], db.execute("select count(*) from outline").fetchone()[0])
            """, database])
        XCTAssertEqual(counts.stdout.trimmingCharacters(in: .whitespacesAndNewlines), "0 0 0", counts.stderr)
        // Adding it again works as new.
        XCTAssertEqual(try library.ibook("add", file.path).status, 0)
    }

    func testThumbnailIsCachedPerPageAndSizeAndCanBeWrittenToAFile() throws {
        let library = try TestLibrary()
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBook("atlas-landscape.pdf")).status, 0)
        let cover = try library.ibook("thumbnail")
        XCTAssertEqual(cover.status, 0, cover.stderr)
        XCTAssertTrue(cover.stdout.hasSuffix("-p1-256.png\n"), cover.stdout)

        let second = try library.ibook("thumbnail", "--page", "2", "--size", "100")
        XCTAssertEqual(second.status, 0, second.stderr)
        let path = second.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let png = try Data(contentsOf: URL(fileURLWithPath: path))
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual(max(width, height), 100)
        XCTAssertGreaterThan(width, height, "page 2 of the atlas is landscape")

        let output = library.root.appendingPathComponent("out.png")
        XCTAssertEqual(try library.ibook("thumbnail", "-o", output.path).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: output.path))

        let outOfRange = try library.ibook("thumbnail", "--page", "999")
        XCTAssertEqual(outOfRange.status, 1)
        XCTAssertTrue(outOfRange.stderr.contains("page 999 is out of range"), outOfRange.stderr)
    }

    func testRealCorpusIsAddedWithThePageCountsPdfinfoReports() throws {
        let corpus = try Fixtures.requireCorpus("page counts of real-world PDFs")
        let library = try TestLibrary()
        let real = corpus.appendingPathComponent("real")
        let result = try library.ibook("add", real.path)
        XCTAssertEqual(result.status, 0, result.stderr)
        let books = try library.json([ListedBook].self, "list", "--json")
        XCTAssertGreaterThan(books.count, 15)
        for book in books {
            let info = try Run.process("/usr/bin/pdfinfo", [book.path])
            let pages = info.stdout.split(separator: "\n").first { $0.hasPrefix("Pages:") }
                .flatMap { Int($0.split(separator: " ").last ?? "") }
            XCTAssertEqual(book.pageCount, pages, book.path)
            let title = info.stdout.split(separator: "\n").first { $0.hasPrefix("Title:") }
                .map { $0.dropFirst("Title:".count).trimmingCharacters(in: .whitespacesAndNewlines) } ?? ""
            let fileName = ((book.path as NSString).lastPathComponent as NSString).deletingPathExtension
            // A good metadata title is kept; a missing or junk one gives way (see TitleDerivationTests).
            switch book.titleSource {
            case "metadata": XCTAssertEqual(book.title, title, book.path)
            case "file name": XCTAssertEqual(book.title, fileName, book.path)
            default: XCTAssertTrue(title.isEmpty || title.hasPrefix("Microsoft Word - "), "\(book.path): \(title)")
            }
        }
    }

    func testPagesThatNeedTheFileSayWhenItIsGoneOrLocked() throws {
        let library = try TestLibrary()
        let file = library.root.appendingPathComponent("atlas.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.sampleBook("atlas-landscape.pdf"), toPath: file.path)
        let locked = try BadFiles.encrypted(Fixtures.sampleBook("cafe-culture.pdf"), userPassword: "s3cret",
                                            in: library.root, name: "locked.pdf")
        XCTAssertEqual(try library.ibook("add", file.path).status, 0)
        XCTAssertEqual(try library.ibook("add", "--password", "s3cret", locked.path).status, 0)

        // The stored text needs no file; rendering and layout do.
        try FileManager.default.removeItem(at: file)
        XCTAssertEqual(try library.ibook("read", "--book", "atlas", "2").status, 0)
        for command in [["read", "--book", "atlas", "2", "--layout"], ["thumbnail", "--book", "atlas", "--page", "2"]] {
            let result = try library.ibook(command)
            XCTAssertEqual(result.status, 1, command.joined(separator: " "))
            XCTAssertEqual(result.stderr, "Error: \(file.path): no such file\n", command.joined(separator: " "))
        }

        // The password is never stored: new renders of an encrypted book ask for it again.
        let noPassword = try library.ibook("thumbnail", "--book", "cafe", "--page", "3")
        XCTAssertEqual(noPassword.status, 1)
        XCTAssertEqual(noPassword.stderr, "Error: \(locked.path): needs a password (use --password)\n")
        XCTAssertEqual(try library.ibook("thumbnail", "--book", "cafe", "--page", "3", "--password", "s3cret").status, 0)
        XCTAssertEqual(try library.ibook("thumbnail", "--book", "cafe").status, 0, "the cover was rendered at add time")
    }
}
