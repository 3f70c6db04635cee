import Foundation
import TestSupport
import XCTest

/// Titles and authors a person would pick, derived by `add` and `refresh` from generated and real PDFs.
final class TitleDerivationTests: XCTestCase {
    struct Listed: Decodable {
        var id: Int
        var title: String
        var titleSource: String
        var author: String
        var authorSource: String
        var path: String
    }

    private func listed(_ library: TestLibrary) throws -> [String: Listed] {
        let books = try library.json([Listed].self, "list", "--json")
        return Dictionary(uniqueKeysWithValues: books.map { (($0.path as NSString).lastPathComponent, $0) })
    }

    func testJunkAndMissingTitlesAreTakenFromXMPOrTheFirstPageInAnyScript() throws {
        let library = try TestLibrary()
        let folder = library.root.appendingPathComponent("pdfs")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let titlePage: [(String, Double)] = [("A Treatise on Lighthouse Optics", 26), ("Margaret Hale and Ivo Marsh", 13)]
            + (0..<12).map { ("Body text of the treatise, line \($0), set in the ordinary size.", 10) }
        try TitledPDFs.latin(lines: titlePage, infoTitle: "Microsoft Word - optics_final_v3.doc", infoAuthor: "Administrator")
            .write(to: folder.appendingPathComponent("optics.pdf"))
        try TitledPDFs.latin(lines: [("Short note", 10)], infoTitle: "report.dvi",
                             xmp: TitledPDFs.xmp(title: "Notes on the Fresnel Lens", creators: ["Augustin Fresnel"]))
            .write(to: folder.appendingPathComponent("fresnel.pdf"))
        try TitledPDFs.latin(lines: titlePage, infoTitle: "The Keeper's Handbook", infoAuthor: "Joan Keeper")
            .write(to: folder.appendingPathComponent("handbook.pdf"))
        try TitledPDFs.latin(lines: titlePage, scannedCover: true).write(to: folder.appendingPathComponent("scan0001.pdf"))
        try TitledPDFs.latin(lines: [], scannedCover: true).write(to: folder.appendingPathComponent("scan0002.pdf"))
        try TitledPDFs.typeset(to: folder.appendingPathComponent("seasons.pdf"), heading: "東京の四季",
                               byline: "山田太郎", body: String(repeating: "春は桜、夏は花火、秋は紅葉、冬は雪。", count: 8),
                               infoTitle: "untitled", language: "ja")
        try TitledPDFs.typeset(to: folder.appendingPathComponent("voyna.pdf"), heading: "Война и мир",
                               byline: "Лев Николаевич Толстой",
                               body: String(repeating: "Ну что, князь, Генуя и Лукка стали не больше как поместья. ", count: 6),
                               language: "ru")
        let added = try library.ibook("add", folder.path)
        XCTAssertEqual(added.status, 0, added.stderr)

        let books = try listed(library)
        func check(_ file: String, _ title: String, _ titleSource: String, _ author: String, _ authorSource: String,
                   line: UInt = #line) {
            guard let book = books[file] else { return XCTFail("\(file) not listed", line: line) }
            XCTAssertEqual(book.title, title, file, line: line)
            XCTAssertEqual(book.titleSource, titleSource, file, line: line)
            XCTAssertEqual(book.author, author, file, line: line)
            XCTAssertEqual(book.authorSource, authorSource, file, line: line)
        }
        check("optics.pdf", "A Treatise on Lighthouse Optics", "first page", "Margaret Hale, Ivo Marsh", "first page")
        check("fresnel.pdf", "Notes on the Fresnel Lens", "xmp", "Augustin Fresnel", "xmp")
        check("handbook.pdf", "The Keeper's Handbook", "metadata", "Joan Keeper", "metadata")
        check("scan0001.pdf", "A Treatise on Lighthouse Optics", "first page", "Margaret Hale, Ivo Marsh", "first page")
        check("scan0002.pdf", "scan0002", "file name", "Unknown", "none")
        check("seasons.pdf", "東京の四季", "first page", "山田太郎", "first page")
        check("voyna.pdf", "Война и мир", "first page", "Лев Николаевич Толстой", "first page")

        let info = try library.ibook("info", String(try XCTUnwrap(books["optics.pdf"]).id))
        XCTAssertTrue(info.stdout.contains("A Treatise on Lighthouse Optics  (first page)"), info.stdout)
        XCTAssertTrue(info.stdout.contains("Margaret Hale, Ivo Marsh  (first page)"), info.stdout)
    }

    func testSampleBooksKeepTheirMetadataTitlesAndRefreshKeepsBookmarksAndHistory() throws {
        let library = try TestLibrary()
        XCTAssertEqual(try library.ibook("add", Fixtures.sampleBooks.path).status, 0)
        let expected = try Fixtures.expected
        var books = try listed(library)
        for want in expected.books {
            let book = try XCTUnwrap(books[want.file])
            XCTAssertEqual(book.title, want.title ?? (want.file as NSString).deletingPathExtension, want.file)
            XCTAssertEqual(book.titleSource, want.title == nil ? "file name" : "metadata", want.file)
        }
        let lighthouses = try XCTUnwrap(books["lighthouses.pdf"])
        XCTAssertEqual(try library.ibook("bookmark", "7", "--book", String(lighthouses.id)).status, 0)
        XCTAssertEqual(try library.ibook("read", "--book", String(lighthouses.id), "9").status, 0)

        let refreshed = try library.ibook("refresh", "--json")
        XCTAssertEqual(refreshed.status, 0, refreshed.stderr)
        XCTAssertEqual(refreshed.stdoutLines.count, expected.books.count)
        XCTAssertTrue(refreshed.stderr.contains("\(expected.books.count) checked, 0 changed, 0 failed"), refreshed.stderr)
        books = try listed(library)
        XCTAssertEqual(books["lighthouses.pdf"]?.title, "A Field Guide to Lighthouses")
        XCTAssertTrue(try library.ibook("bookmarks", "--book", String(lighthouses.id)).stdout.contains("7"))
        XCTAssertTrue(try library.ibook("history").stdout.contains("A Field Guide to Lighthouses"))
    }

    func testRealWorldTitlesFromTheSharedCorpus() throws {
        let corpus = try Fixtures.requireCorpus("titles of real-world PDFs")
        let library = try TestLibrary()
        let real = corpus.appendingPathComponent("real")
        XCTAssertEqual(try library.ibook("add", real.path).status, 0)
        let books = try listed(library)
        // A good metadata title is kept even where the file name differs only in spacing.
        XCTAssertEqual(books["freeculture.pdf"]?.title, "Free Culture")
        XCTAssertEqual(books["freeculture.pdf"]?.titleSource, "metadata")
        // No title in the PDF: the paper's first page gives it.
        XCTAssertEqual(books["tracemonkey.pdf"]?.title, "Trace-based Just-in-Time Type Specialization for Dynamic Languages")
        XCTAssertEqual(books["tracemonkey.pdf"]?.titleSource, "first page")
        // A Perl reference is no author: the names under the title are.
        XCTAssertEqual(books["TAMReview.pdf"]?.authorSource, "first page")
        XCTAssertFalse(books["TAMReview.pdf"]?.author.contains("ARRAY(") ?? true)
        for book in books.values {
            XCTAssertFalse(book.title.hasPrefix("Microsoft Word"), book.path)
            XCTAssertFalse(book.title.isEmpty, book.path)
        }
    }
}
