import Foundation
import TestSupport
import XCTest

/// The web reader of `ibook serve` over HTTP: book pages, the reader, search, and the reading
/// state it writes into the same library `ibook history` and `ibook bookmark` read, with the
/// rights, limits and headers around it; and HTTPS from certificate files.
final class WebReaderTests: XCTestCase {
    private typealias Setup = ServedSampleBooks

    private static let made = Locked<Setup?>(nil)

    override class func setUp() {
        super.setUp()
        do {
            let setup = try ServedSampleBooks("web-reader", files: ["lighthouses.pdf", "cafe-culture.pdf", "voyage.epub"])
            made.withLock { $0 = setup }
        } catch {
            XCTFail("setting up the served library: \(error)")
        }
    }

    override class func tearDown() {
        if let setup = made.withLock({ $0 }) { Cleanup.release(in: setup) }
        made.withLock { $0 = nil }
        super.tearDown()
    }

    private struct HistoryLine: Decodable {
        struct Book: Decodable { var id: Int }
        var book: Book
        var page: Int
    }

    private struct BookmarkLine: Decodable {
        var page: Int
        var note: String?
    }

    private var setup: Setup!
    private var server: ServedLibrary { setup.server }
    private var library: TestLibrary { setup.library }
    private var guide: Int { setup.ids["lighthouses.pdf"] ?? 0 }
    private var voyage: Int { setup.ids["voyage.epub"] ?? 0 }

    override func setUpWithError() throws {
        setup = try XCTUnwrap(Self.made.withLock { $0 }, "the class's setUp did not start the server")
    }

    private func history() throws -> [HistoryLine] { try library.json([HistoryLine].self, "history", "--json") }

    /// `data-page` of the reader page in this HTML.
    private func readerPage(_ html: String) -> Int? {
        guard let range = html.range(of: #"data-page="[0-9]+""#, options: .regularExpression) else { return nil }
        return Int(html[range].dropFirst("data-page=\"".count).dropLast())
    }

    func testABookPageHasItsContentsWithLabelsAndOpensTheReaderAtEach() throws {
        let response = try server.get("/books/\(guide)")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Type"), "text/html; charset=utf-8")
        XCTAssertEqual(response.header("Cache-Control"), "no-store")
        let policy = try XCTUnwrap(response.header("Content-Security-Policy"))
        XCTAssertTrue(policy.contains("script-src 'self'"), policy)
        XCTAssertFalse(policy.contains("unsafe-inline"), policy)
        let page = response.text
        XCTAssertTrue(page.contains("<h1>A Field Guide to Lighthouses</h1>"), page)
        XCTAssertTrue(page.contains("<p class=\"author\">Margaret Hale</p>"), page)
        // The contents as `ibook toc` has them: "Preface  p.  3 (iii)".
        XCTAssertTrue(page.contains("<a href=\"/books/\(guide)/read?page=3\">Preface</a> <span class=\"label\">iii</span>"), page)
        XCTAssertTrue(page.contains("<a href=\"/books/\(guide)/read?page=5\">Part I. Coastal Sentinels</a> <span class=\"label\">1</span>"), page)
        XCTAssertTrue(page.contains("<a href=\"/books/\(guide)/file\" download>"), page)
        XCTAssertFalse(page.contains("<script"), "a book's page needs no script")
        XCTAssertFalse(page.contains("style="), "no inline style")
    }

    func testTheReaderOffersThePageAtSeveralWidthsWithItsNeighboursAndNextPageAhead() throws {
        let page = try server.get("/books/\(guide)/read?page=7").text
        XCTAssertEqual(readerPage(page), 7)
        XCTAssertTrue(page.contains("srcset=\"/books/\(guide)/pages/6?width=480 480w, "), page)
        XCTAssertTrue(page.contains("/books/\(guide)/pages/6?width=2048 2048w\""), page)
        XCTAssertTrue(page.contains("data-next-srcset=\"/books/\(guide)/pages/7?width=480 480w"), page)
        XCTAssertTrue(page.contains("rel=\"prev\" href=\"/books/\(guide)/read?page=6\""), page)
        XCTAssertTrue(page.contains("rel=\"next\" href=\"/books/\(guide)/read?page=8\""), page)
        XCTAssertTrue(page.contains("of 40 <span class=\"label\">(3)</span>"), page)
        XCTAssertTrue(page.contains("<script src=\"/reader.js\" defer></script>"), page)
        XCTAssertFalse(page.contains("<script>"), "no inline script")
        // A label is taken for the page it names; the last page has no next.
        XCTAssertEqual(readerPage(try server.get("/books/\(guide)/read?page=iii").text), 3)
        XCTAssertFalse(try server.get("/books/\(guide)/read?page=40").text.contains("rel=\"next\""))
        XCTAssertEqual(try server.get("/books/\(guide)/read?page=41").status, 404)
        XCTAssertEqual(try server.get("/books/\(guide)/read?page=xlii").status, 404)
        let script = try server.get("/reader.js")
        XCTAssertEqual(script.status, 200)
        XCTAssertEqual(script.header("Content-Type"), "text/javascript; charset=utf-8")
        XCTAssertTrue(script.text.contains("fetch(reader.dataset.place"), script.text)
        // Every width the srcset names is drawn that wide.
        for width in [480, 960, 2048] {
            let image = try server.get("/books/\(guide)/pages/6?width=\(width)")
            XCTAssertEqual(image.status, 200)
            XCTAssertEqual(pngWidth(image.body), width)
        }
    }

    func testAnEPUBIsReadByPagesDrawnTheSameWay() throws {
        let page = try server.get("/books/\(voyage)/read?page=6").text
        XCTAssertEqual(readerPage(page), 6)
        let image = try server.get("/books/\(voyage)/pages/5?width=720")
        XCTAssertEqual(image.status, 200)
        XCTAssertEqual(image.header("Content-Type"), "image/png")
        XCTAssertEqual(pngWidth(image.body), 720)
        let found = try server.get("/books/\(voyage)/search?q=Hammerfest").text
        XCTAssertTrue(found.contains("<a href=\"/books/\(voyage)/read?page="), found)
    }

    func testTheReadersPlaceIsTheTerminalsPlace() throws {
        // Pages seen change nothing: only the reader's POST records the place.
        _ = try server.get("/books/\(guide)")
        _ = try server.get("/books/\(guide)/read?page=12")
        XCTAssertFalse(try history().contains { $0.book.id == guide && $0.page == 12 })

        let saved = try server.request("POST", "/books/\(guide)/place", body: "page=12")
        XCTAssertEqual(saved.status, 204)
        XCTAssertEqual(try history().first.map { [$0.book.id, $0.page] }, [guide, 12])
        XCTAssertEqual(readerPage(try server.get("/books/\(guide)/read").text), 12, "the reader opens where the history says")
        XCTAssertTrue(try server.get("/books/\(guide)").text.contains("Continue at page 12 (8)</a>"))

        // And the other way: a page read in the terminal is where the browser opens.
        XCTAssertEqual(try library.ibook("read", "--book", String(guide), "21").status, 0)
        XCTAssertEqual(try history().first.map { [$0.book.id, $0.page] }, [guide, 21])
        XCTAssertEqual(readerPage(try server.get("/books/\(guide)/read").text), 21)

        // E-reader apps are told too: PSE's lastRead (counted from 1) in the feeds.
        let feed = try OPDSDocument(try server.get("/opds/books").body)
        let stream = try XCTUnwrap(feed.entries.first { $0.title == "A Field Guide to Lighthouses" }?
            .link("http://vaemendis.net/opds-pse/stream"))
        XCTAssertEqual(stream.attributes["pse:lastRead"], "21")
        XCTAssertNotNil(stream.attributes["pse:lastReadDate"].flatMap { ISO8601DateFormatter().date(from: $0) })
        let unread = try XCTUnwrap(feed.entries.first { $0.title.hasPrefix("Résumé") }?.link("http://vaemendis.net/opds-pse/stream"))
        XCTAssertNil(unread.attributes["pse:lastRead"])

        XCTAssertEqual(try server.request("POST", "/books/\(guide)/place", body: "page=41").status, 400)
        XCTAssertEqual(try server.request("POST", "/books/\(guide)/place", body: "page=").status, 400)
        XCTAssertEqual(try server.request("POST", "/books/999/place", body: "page=1").status, 404)
        XCTAssertEqual(try history().first.map { [$0.book.id, $0.page] }, [guide, 21])
    }

    func testTheBookmarkButtonAddsAndRemovesTheTerminalsBookmarks() throws {
        let added = try server.request("POST", "/books/\(guide)/bookmarks", body: "page=9&return=%2Fbooks%2F\(guide)%2Fread%3Fpage%3D9")
        XCTAssertEqual(added.status, 303)
        XCTAssertEqual(added.header("Location"), "/books/\(guide)/read?page=9")
        var marks = try library.json([BookmarkLine].self, "bookmarks", "--book", String(guide), "--json")
        XCTAssertTrue(marks.contains { $0.page == 9 }, "\(marks)")
        XCTAssertTrue(try server.get("/books/\(guide)/read?page=9").text.contains("Bookmarked ★"))
        XCTAssertTrue(try server.get("/books/\(guide)").text.contains("<a href=\"/books/\(guide)/read?page=9\">Page 9 (5)</a>"))

        // Sent back only to this book's own reader, never to another site.
        let elsewhere = try server.request("POST", "/books/\(guide)/bookmarks", body: "page=9&remove=1&return=https%3A%2F%2Fexample.org%2F")
        XCTAssertEqual(elsewhere.header("Location"), "/books/\(guide)/read?page=9")
        marks = try library.json([BookmarkLine].self, "bookmarks", "--book", String(guide), "--json")
        XCTAssertFalse(marks.contains { $0.page == 9 }, "\(marks)")
    }

    func testSearchHitsOpenTheReaderAtTheirPage() throws {
        // `ibook search gannetstone` finds it on page 21 (label 17).
        let inBook = try server.get("/books/\(guide)/search?q=gannetstone").text
        XCTAssertTrue(inBook.contains("<li><a href=\"/books/\(guide)/read?page=21\">page 21 (17)</a>"), inBook)
        XCTAssertTrue(inBook.contains("<mark>gannetstone</mark>"), inBook)
        let everywhere = try server.get("/search?q=gannetstone").text
        XCTAssertTrue(everywhere.contains("<a href=\"/books/\(guide)/read?page=21\"><span class=\"book\">A Field Guide to Lighthouses</span>, page 21 (17)</a>"),
                      everywhere)
        // The books whose metadata match come first.
        XCTAssertTrue(try server.get("/search?q=Margaret+Hale").text.contains("<li><a href=\"/books/\(guide)\">"))
        let markup = try server.get("/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E").text
        XCTAssertFalse(markup.contains("<script>alert"), markup)
        XCTAssertEqual(try server.get("/search?q=").status, 303)
    }

    func testAnotherSitesFormAndOversizedBodiesAreRefused() throws {
        let before = try history()
        let forged = try server.request("POST", "/books/\(guide)/place", headers: ["Origin": "https://evil.example"], body: "page=2")
        XCTAssertEqual(forged.status, 403)
        let crossSite = try server.request("POST", "/books/\(guide)/place", headers: ["Sec-Fetch-Site": "cross-site", "Origin": "null"],
                                           body: "page=2")
        XCTAssertEqual(crossSite.status, 403)
        let ownPage = try server.request("POST", "/books/\(guide)/place",
                                         headers: ["Sec-Fetch-Site": "same-origin", "Origin": "http://127.0.0.1:\(server.port)"], body: "page=2")
        XCTAssertEqual(ownPage.status, 204)
        XCTAssertEqual(try history().first.map { [$0.book.id, $0.page] }, [guide, 2])
        XCTAssertNotEqual(before.first.map { [$0.book.id, $0.page] }, [guide, 2])

        let large = try server.request("POST", "/books/\(guide)/place", body: "page=3&pad=" + String(repeating: "x", count: 9000))
        XCTAssertEqual(large.status, 413)
        let chunked = try server.request("POST", "/books/\(guide)/place", headers: ["Transfer-Encoding": "chunked"],
                                         body: "2328\r\n" + String(repeating: "x", count: 9000) + "\r\n0\r\n\r\n")
        XCTAssertEqual(chunked.status, 413)
        XCTAssertEqual(try history().first.map { [$0.book.id, $0.page] }, [guide, 2])
        // Feeds and files take no POST; other methods none at all.
        let feed = try server.request("POST", "/opds", body: "q=1")
        XCTAssertEqual(feed.status, 405)
        XCTAssertEqual(feed.header("Allow"), "GET, HEAD")
        XCTAssertEqual(try server.request("PUT", "/books/\(guide)/place", body: "page=1").status, 405)
    }

    func testAReaderTokenReadsAndOnlyTheEditorsTokenWrites() throws {
        let editorFile = library.root.appendingPathComponent("editor-token")
        let readerFile = library.root.appendingPathComponent("reader-token")
        try "editor secret\n".write(to: editorFile, atomically: true, encoding: .utf8)
        try "reader secret\n".write(to: readerFile, atomically: true, encoding: .utf8)
        let guarded = try ServedLibrary(library, arguments: ["--token-file", editorFile.path, "--reader-token-file", readerFile.path])
        defer { _ = guarded.stop() }
        let reader = ["Authorization": "Basic " + Data("ann:reader secret".utf8).base64EncodedString()]
        let editor = ["Authorization": "Bearer editor secret"]

        XCTAssertEqual(try guarded.get("/books/\(guide)").status, 401)
        XCTAssertEqual(try guarded.request("POST", "/books/\(guide)/place", body: "page=30").status, 401)
        let readersView = try guarded.get("/books/\(guide)/read?page=30", headers: reader)
        XCTAssertEqual(readersView.status, 200)
        XCTAssertFalse(readersView.text.contains("data-place="), "no place is saved for a reader")
        XCTAssertFalse(readersView.text.contains("id=\"bookmark\""), "no bookmark button for a reader")
        XCTAssertEqual(try guarded.request("POST", "/books/\(guide)/place", headers: reader, body: "page=30").status, 403)
        XCTAssertEqual(try guarded.request("POST", "/books/\(guide)/bookmarks", headers: reader, body: "page=30").status, 403)
        XCTAssertNotEqual(try history().first.map { [$0.book.id, $0.page] }, [guide, 30])

        let editorsView = try guarded.get("/books/\(guide)/read?page=30", headers: editor)
        XCTAssertTrue(editorsView.text.contains("data-place=\"/books/\(guide)/place\""))
        XCTAssertTrue(editorsView.text.contains("id=\"bookmark\""))
        XCTAssertEqual(try guarded.request("POST", "/books/\(guide)/place", headers: editor, body: "page=30").status, 204)
        XCTAssertEqual(try history().first.map { [$0.book.id, $0.page] }, [guide, 30])
    }

    func testTooManyRequestsFromOneAddressAreAnswered429() throws {
        // 2 a second, in bursts of 10.
        let limited = try ServedLibrary(library, arguments: ["--rate-limit", "2"])
        defer { _ = limited.stop() }
        var answers: [ServedLibrary.Response] = []
        for _ in 0..<20 { answers.append(try limited.get("/opds")) }
        let statuses = answers.map(\.status)
        XCTAssertEqual(statuses.prefix(10), Array(repeating: 200, count: 10)[...], "\(statuses)")
        let refused = try XCTUnwrap(answers.first { $0.status == 429 }, "\(statuses)")
        XCTAssertEqual(refused.header("Retry-After"), "1")
        XCTAssertEqual(refused.header("Cache-Control"), "no-store")
        XCTAssertEqual(try library.ibook("serve", "--rate-limit", "lots").status, 64)
    }

    func testHTTPSFromCertificateFiles() throws {
        let folder = library.root.appendingPathComponent("tls")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let key = folder.appendingPathComponent("key.pem").path
        let certificate = folder.appendingPathComponent("cert.pem").path
        let made = try Run.process("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate,
                                                        "-days", "2", "-subj", "/CN=127.0.0.1"])
        XCTAssertEqual(made.status, 0, made.stderr)
        let secure = try ServedLibrary(library, arguments: ["--tls-cert", certificate, "--tls-key", key])
        defer { _ = secure.stop() }
        XCTAssertTrue(secure.firstLine.hasSuffix("at https://127.0.0.1:\(secure.port)/opds"), secure.firstLine)
        let fetched = try Run.process("/usr/bin/curl", ["-sk", "-o", "/dev/null", "-w", "%{http_code} %{content_type} %{scheme}",
                                                        "https://127.0.0.1:\(secure.port)/books/\(guide)"])
        XCTAssertEqual(fetched.stdout, "200 text/html; charset=utf-8 HTTPS", fetched.stderr)
        let file = try Run.process("/usr/bin/curl", ["-sk", "https://127.0.0.1:\(secure.port)/books/\(guide)/file"])
        XCTAssertEqual(Data(file.stdout.utf8).count > 0, true)
        // Plain HTTP to it is no answer at all; certificate checking is the client's (curl without -k refuses it).
        XCTAssertThrowsError(try secure.get("/opds"))
        XCTAssertNotEqual(try Run.process("/usr/bin/curl", ["-s", "https://127.0.0.1:\(secure.port)/opds"]).status, 0)

        let half = try library.ibook("serve", "--tls-cert", certificate)
        XCTAssertEqual(half.status, 64)
        XCTAssertTrue(half.stderr.hasPrefix("Error: --tls-cert needs --tls-key"), half.stderr)
        let swapped = try library.ibook("serve", "--tls-cert", key, "--tls-key", certificate)
        XCTAssertEqual(swapped.status, 1)
        XCTAssertEqual(swapped.stderrLines, ["Error: cannot read \(certificate): not a PEM private key"])
        let otherKey = folder.appendingPathComponent("other-key.pem").path
        XCTAssertEqual(try Run.process("/usr/bin/openssl", ["genrsa", "-out", otherKey, "2048"]).status, 0)
        let mismatched = try library.ibook("serve", "--bind", "127.0.0.1:0", "--tls-cert", certificate, "--tls-key", otherKey)
        XCTAssertEqual(mismatched.status, 1)
        XCTAssertEqual(mismatched.stderrLines,
                       ["Error: the TLS key and certificate were refused: they must be PEM files, the key the certificate's own"])
    }

    private func pngWidth(_ data: Data) -> Int? {
        guard data.count > 24, Array(data.prefix(4)) == [0x89, 0x50, 0x4e, 0x47] else { return nil }
        return data[16..<20].reduce(0) { $0 << 8 | Int($1) }
    }
}
