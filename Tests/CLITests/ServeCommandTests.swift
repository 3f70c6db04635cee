import Foundation
import TestSupport
import XCTest

/// `ibook serve` as an e-reader app or curl meets it: the real binary on a loopback port over a
/// library of the sample books, spoken to over plain sockets.
final class ServeCommandTests: XCTestCase {
    private struct Setup {
        var library: TestLibrary
        var server: ServedLibrary
        var addError: String?
    }

    private static let made = Locked<Setup?>(nil)
    private static let files = ["lighthouses.pdf", "cafe-culture.pdf", "cjk-seasons.pdf", "atlas-landscape.pdf",
                                "long-history.pdf", "voyage.epub"]

    override class func setUp() {
        super.setUp()
        do {
            let library = try TestLibrary("serve")
            // Copies, since tests move and damage them.
            let folder = library.root.appendingPathComponent("books")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let copies = try files.map { name in
                let copy = folder.appendingPathComponent(name)
                try FileManager.default.copyItem(atPath: Fixtures.sampleBook(name), toPath: copy.path)
                return copy.path
            }
            let added = try library.ibook(["add"] + copies)
            let server = try ServedLibrary(library)
            made.withLock { $0 = Setup(library: library, server: server, addError: added.status == 0 ? nil : added.stderr) }
        } catch {
            XCTFail("setting up the served library: \(error)")
        }
    }

    override class func tearDown() {
        if let setup = made.withLock({ $0 }) { Cleanup.release(in: setup) }
        made.withLock { $0 = nil }
        super.tearDown()
    }

    private var setup: Setup!
    private var server: ServedLibrary { setup.server }
    private var library: TestLibrary { setup.library }

    override func setUpWithError() throws {
        setup = try XCTUnwrap(Self.made.withLock { $0 }, "the class's setUp did not start the server")
        XCTAssertNil(setup.addError)
    }

    private struct ListedBook: Decodable {
        var id: Int
        var title: String
        var path: String
        var size: Int
        var sha256: String
    }

    private func books() throws -> [ListedBook] { try library.json([ListedBook].self, "list", "--json") }

    func testItSaysWhereItServes() {
        XCTAssertEqual(server.firstLine, "Serving \(library.directory.path) at http://127.0.0.1:\(server.port)/opds")
    }

    func testRootIsANavigationFeedLinkingEverySection() throws {
        let response = try server.get("/opds")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.header("Content-Type"), "application/atom+xml;profile=opds-catalog;kind=navigation")
        XCTAssertEqual(response.header("X-Content-Type-Options"), "nosniff")
        XCTAssertEqual(response.header("Cache-Control"), "no-store")
        let feed = try OPDSDocument(response.body)
        XCTAssertEqual(feed.link("search")?.href, "/opds/opensearch.xml")
        XCTAssertEqual(feed.link("start")?.href, "/opds")
        let sections = feed.entries.compactMap { $0.link("subsection")?.href }
        XCTAssertEqual(sections, ["/opds/recent", "/opds/books", "/opds/authors", "/opds/tags", "/opds/collections", "/opds/saved"])
        for section in sections {
            let answer = try server.get(section)
            XCTAssertEqual(answer.status, 200, section)
            XCTAssertNoThrow(try OPDSDocument(answer.body), section)
        }
    }

    func testAcquisitionEntriesLinkFileCoverAndThumbnail() throws {
        let listed = try books()
        let response = try server.get("/opds/recent")
        XCTAssertEqual(response.header("Content-Type"), "application/atom+xml;profile=opds-catalog;kind=acquisition")
        let feed = try OPDSDocument(response.body)
        XCTAssertEqual(feed.entries.count, listed.count)
        XCTAssertEqual(feed.link("first")?.href, "/opds/recent?page=1")
        XCTAssertNil(feed.link("next"))
        for book in listed {
            let entry = try XCTUnwrap(feed.entries.first { $0.id == "urn:sha256:" + book.sha256 }, book.title)
            XCTAssertEqual(entry.title, book.title)
            let acquisition = try XCTUnwrap(entry.link("http://opds-spec.org/acquisition"))
            XCTAssertEqual(acquisition.href, "/books/\(book.id)/file")
            XCTAssertEqual(acquisition.type, book.path.hasSuffix(".epub") ? "application/epub+zip" : "application/pdf")
            XCTAssertEqual(acquisition.attributes["length"], String(book.size))
            for rel in ["http://opds-spec.org/image", "http://opds-spec.org/image/thumbnail"] {
                let image = try server.get(try XCTUnwrap(entry.link(rel)).href)
                XCTAssertEqual(image.status, 200, "\(book.title) \(rel)")
                XCTAssertEqual(image.header("Content-Type"), "image/png")
                XCTAssertEqual(Array(image.body.prefix(8)), [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
            }
        }
        let voyage = try XCTUnwrap(feed.entries.first { $0.title == "A Voyage to the Northern Lights" })
        XCTAssertEqual(voyage.authors, ["Ingrid Solberg"])
    }

    func testAuthorsTagsAndCollectionsLeadToTheirBooks() throws {
        XCTAssertEqual(try library.ibook("tag", "Field Guide to Lighthouses", "+sea & <coast>").status, 0)
        XCTAssertEqual(try library.ibook("collection", "create", "Winter <reading>").status, 0)
        XCTAssertEqual(try library.ibook("collection", "add", "Winter <reading>", "Voyage to the Northern").status, 0)
        let authors = try OPDSDocument(try server.get("/opds/authors").body)
        let hale = try XCTUnwrap(authors.entries.first { $0.title == "Margaret Hale" }?.link("subsection"))
        XCTAssertEqual(hale.href, "/opds/author?name=Margaret%20Hale")
        XCTAssertEqual(try OPDSDocument(try server.get(hale.href).body).entries.map(\.title), ["A Field Guide to Lighthouses"])

        let tags = try OPDSDocument(try server.get("/opds/tags").body)
        let tag = try XCTUnwrap(tags.entries.first { $0.title == "sea & <coast>" }?.link("subsection"))
        XCTAssertEqual(try OPDSDocument(try server.get(tag.href).body).entries.map(\.title), ["A Field Guide to Lighthouses"])

        let collections = try OPDSDocument(try server.get("/opds/collections").body)
        let collection = try XCTUnwrap(collections.entries.first { $0.title == "Winter <reading>" }?.link("subsection"))
        XCTAssertEqual(try OPDSDocument(try server.get(collection.href).body).entries.map(\.title),
                       ["A Voyage to the Northern Lights"])
        XCTAssertEqual(try server.get("/opds/collection?id=999999").status, 404)

        XCTAssertEqual(try library.ibook("list", "title:voyage OR title:atlas", "--save", "far&away").status, 0)
        let saved = try OPDSDocument(try server.get("/opds/saved").body)
        let search = try XCTUnwrap(saved.entries.first { $0.title == "far&away" })
        XCTAssertEqual(search.summary, "2 books")
        let href = try XCTUnwrap(search.link("subsection")).href
        XCTAssertEqual(href, "/opds/saved-search?name=far%26away")
        XCTAssertEqual(try OPDSDocument(try server.get(href).body).entries.map(\.title),
                       ["A Voyage to the Northern Lights", "Atlas of Coastlines"])
        XCTAssertEqual(try server.get("/opds/saved-search?name=nothing").status, 404)
        XCTAssertEqual(try server.get("/opds/tag").status, 400)
    }

    func testMarkupAndControlCharactersInMetadataStayText() throws {
        let hostile = "Bell\u{7} and \u{1b}[31mred\u{1b}[0m </summary><x>&amp; ]]> \u{85}end"
        let title = "A Long History of <Everything> & \"more\""
        let edited = try library.ibook("edit", "Long History of Everything", "--description", hostile, "--title", title)
        XCTAssertEqual(edited.status, 0, edited.stderr)
        let feed = try OPDSDocument(try server.get("/opds/books").body)
        let entry = try XCTUnwrap(feed.entries.first { $0.title == title })
        let summary = try XCTUnwrap(entry.summary)
        XCTAssertTrue(summary.contains("</summary><x>&amp; ]]>"), summary)
        XCTAssertTrue(try server.get("/opds/books").text.contains("&lt;/summary&gt;&lt;x&gt;&amp;amp; ]]&gt;"))
        XCTAssertFalse(summary.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7f...0x9f).contains($0.value) }, summary)
        let page = try server.get("/").text
        XCTAssertTrue(page.contains("A Long History of &lt;Everything&gt; &amp; &quot;more&quot;"), "markup stays text on the page too")
        XCTAssertFalse(page.contains("<Everything>"))
    }

    func testOpenSearchFindsBooksByMetadataAndByAWordOnAPage() throws {
        let description = try server.get("/opds/opensearch.xml")
        XCTAssertEqual(description.header("Content-Type"), "application/opensearchdescription+xml")
        XCTAssertTrue(description.text.contains("template=\"/opds/search?q={searchTerms}\""), description.text)

        // A word that is only in the text of one page (lighthouses.pdf's probe), not in any title.
        let byText = try OPDSDocument(try server.get("/opds/search?q=gannetstone").body)
        let hit = try XCTUnwrap(byText.entries.first)
        XCTAssertEqual(byText.entries.map(\.title), ["A Field Guide to Lighthouses"])
        XCTAssertTrue(hit.summary?.hasPrefix("Page ") == true, hit.summary ?? "no summary")
        XCTAssertTrue(hit.summary?.lowercased().contains("gannetstone") == true, hit.summary ?? "")

        let byTitle = try OPDSDocument(try server.get("/opds/search?q=voyage").body)
        XCTAssertEqual(byTitle.entries.first?.title, "A Voyage to the Northern Lights")
        let phrase = try OPDSDocument(try server.get("/opds/search?q=hung+in+their+thousands").body)
        XCTAssertEqual(phrase.entries.map(\.title), ["A Voyage to the Northern Lights"])
        XCTAssertEqual(try OPDSDocument(try server.get("/opds/search?q=zzzqqqnothing").body).entries.count, 0)
        XCTAssertEqual(try server.get("/opds/search?q=").status, 400)
    }

    func testDownloadIsTheFileByteForByteWithItsHeaders() throws {
        for book in try books() {
            let file = try Data(contentsOf: URL(fileURLWithPath: book.path))
            let response = try server.get("/books/\(book.id)/file")
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.body, file, book.title)
            XCTAssertEqual(response.header("Content-Length"), String(file.count))
            XCTAssertEqual(response.header("Content-Type"), book.path.hasSuffix(".epub") ? "application/epub+zip" : "application/pdf")
            let name = URL(fileURLWithPath: book.path).lastPathComponent
            XCTAssertEqual(response.header("Content-Disposition"), "attachment; filename=\"\(name)\"; filename*=UTF-8''\(name)")
            XCTAssertEqual(response.header("Accept-Ranges"), "bytes")

            let head = try server.request("HEAD", "/books/\(book.id)/file")
            XCTAssertEqual(head.status, 200)
            XCTAssertEqual(head.header("Content-Length"), String(file.count))
            XCTAssertTrue(head.body.isEmpty)
        }
    }

    func testRangeRequests() throws {
        let book = try XCTUnwrap(try books().first)
        let file = try Data(contentsOf: URL(fileURLWithPath: book.path))
        let part = try server.get("/books/\(book.id)/file", headers: ["Range": "bytes=100-1099"])
        XCTAssertEqual(part.status, 206)
        XCTAssertEqual(part.body, file[100..<1100])
        XCTAssertEqual(part.header("Content-Range"), "bytes 100-1099/\(file.count)")
        let tail = try server.get("/books/\(book.id)/file", headers: ["Range": "bytes=-16"])
        XCTAssertEqual(tail.status, 206)
        XCTAssertEqual(tail.body, file.suffix(16))
        let open = try server.get("/books/\(book.id)/file", headers: ["Range": "bytes=\(file.count - 5)-"])
        XCTAssertEqual(open.body, file.suffix(5))
        let beyond = try server.get("/books/\(book.id)/file", headers: ["Range": "bytes=\(file.count)-"])
        XCTAssertEqual(beyond.status, 416)
        XCTAssertEqual(beyond.header("Content-Range"), "bytes */\(file.count)")
    }

    func testPageStreamingGivesEachPageAtTheWidthAsked() throws {
        let feed = try OPDSDocument(try server.get("/opds/books").body)
        for entry in feed.entries {
            let stream = try XCTUnwrap(entry.link("http://vaemendis.net/opds-pse/stream"), entry.title)
            XCTAssertEqual(stream.type, "image/png")
            let count = try XCTUnwrap(stream.attributes["pse:count"].flatMap(Int.init), entry.title)
            XCTAssertGreaterThan(count, 0)
            for (page, width) in [(0, 300), (count - 1, 517)] {
                let path = stream.href.replacingOccurrences(of: "{pageNumber}", with: String(page))
                    .replacingOccurrences(of: "{maxWidth}", with: String(width))
                let image = try server.get(path)
                XCTAssertEqual(image.status, 200, path)
                XCTAssertEqual(image.header("Content-Type"), "image/png")
                let header = [UInt8](image.body.prefix(24))
                XCTAssertEqual(Array(header.prefix(4)), [0x89, 0x50, 0x4e, 0x47], path)
                let drawnWidth = header[16..<20].reduce(0) { $0 << 8 | Int($1) }
                XCTAssertEqual(drawnWidth, width, path)
            }
            let beyond = stream.href.replacingOccurrences(of: "{pageNumber}", with: String(count))
                .replacingOccurrences(of: "{maxWidth}", with: "300")
            XCTAssertEqual(try server.get(beyond).status, 404, beyond)
        }
        XCTAssertEqual(try server.get("/books/1/pages/-1?width=300").status, 404)
        XCTAssertEqual(try server.get("/books/1/pages/99999999999999999999?width=300").status, 404)
    }

    /// Pages never drawn, asked for by many clients at once (PDFs are drawn side by side, the
    /// EPUB's one at a time): every one comes back at its width, and one page asked for eight
    /// times at once is drawn once, the same bytes for all.
    func testPagesAskedForAtOnceAreEachDrawnAtTheirWidth() throws {
        let feed = try OPDSDocument(try server.get("/opds/books").body)
        var paths: [(path: String, width: Int)] = []
        for (index, entry) in feed.entries.enumerated() {
            let stream = try XCTUnwrap(entry.link("http://vaemendis.net/opds-pse/stream"), entry.title)
            let count = try XCTUnwrap(stream.attributes["pse:count"].flatMap(Int.init))
            for page in Set([1, count / 2, count - 1]) where page > 0 {
                let width = 401 + index * 7 + page
                paths.append((stream.href.replacingOccurrences(of: "{pageNumber}", with: String(page))
                    .replacingOccurrences(of: "{maxWidth}", with: String(width)), width))
            }
        }
        let same = try XCTUnwrap(paths.first).path.replacingOccurrences(of: "width=", with: "width=1")
        let requests = paths + Array(repeating: (same, 0), count: 8)
        let answers = Locked<[Int: ServedLibrary.Response]>([:])
        let failures = Locked<[String]>([])
        let server = self.server
        DispatchQueue.concurrentPerform(iterations: requests.count) { index in
            do {
                let response = try server.get(requests[index].path)
                answers.withLock { $0[index] = response }
            } catch {
                failures.withLock { $0.append("\(requests[index].path): \(error)") }
            }
        }
        XCTAssertEqual(failures.withLock { $0 }, [])
        let got = answers.withLock { $0 }
        for (index, request) in requests.enumerated() {
            let response = try XCTUnwrap(got[index], request.path)
            XCTAssertEqual(response.status, 200, request.path)
            let header = [UInt8](response.body.prefix(24))
            XCTAssertEqual(Array(header.prefix(4)), [0x89, 0x50, 0x4e, 0x47], request.path)
            if request.width > 0 {
                XCTAssertEqual(header[16..<20].reduce(0) { $0 << 8 | Int($1) }, request.width, request.path)
            }
        }
        let copies = Set((paths.count..<requests.count).compactMap { got[$0]?.body })
        XCTAssertEqual(copies.count, 1, "one page asked for eight times at once")
    }

    func testTheShelfPageShowsEveryCoverUnderAStrictPolicy() throws {
        let page = try server.get("/")
        XCTAssertEqual(page.status, 200)
        XCTAssertEqual(page.header("Content-Type"), "text/html; charset=utf-8")
        let policy = try XCTUnwrap(page.header("Content-Security-Policy"))
        XCTAssertTrue(policy.hasPrefix("default-src 'none'"), policy)
        XCTAssertFalse(policy.contains("unsafe-inline"), policy)
        XCTAssertEqual(page.header("Cache-Control"), "no-store")
        XCTAssertFalse(page.text.contains("<script"), "no script")
        XCTAssertFalse(page.text.contains("style="), "no inline style")
        for book in try books() {
            let title = [("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&#39;")]
                .reduce(book.title) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
            XCTAssertTrue(page.text.contains("<span class=\"title\">\(title)</span>"), book.title)
            XCTAssertTrue(page.text.contains("<a href=\"/books/\(book.id)\""), book.title)
            XCTAssertTrue(page.text.contains("<img src=\"/books/\(book.id)/thumbnail\""), book.title)
        }
        let style = try server.get("/shelf.css")
        XCTAssertEqual(style.status, 200)
        XCTAssertEqual(style.header("Content-Type"), "text/css; charset=utf-8")
    }

    func testAMovedFileIsA404ThatSaysSo() throws {
        let book = try XCTUnwrap(try books().first { $0.path.hasSuffix("atlas-landscape.pdf") })
        let moved = book.path + ".moved"
        try FileManager.default.moveItem(atPath: book.path, toPath: moved)
        defer { try? FileManager.default.moveItem(atPath: moved, toPath: book.path) }
        let response = try server.get("/books/\(book.id)/file")
        XCTAssertEqual(response.status, 404)
        XCTAssertTrue(response.text.contains("no longer where the library has it"), response.text)
        XCTAssertFalse(response.text.contains(book.path), "the server's paths are nobody's business")
        // A page never drawn, as an app streams it, is a 404 that says so too, not a failure of the server.
        let page = try server.get("/books/\(book.id)/pages/1?width=333")
        XCTAssertEqual(page.status, 404)
        XCTAssertTrue(page.text.contains("no longer where the library has it"), page.text)
    }

    func testAFailureOnTheServerIsLoggedThereAndNotShownToTheClient() throws {
        let book = try XCTUnwrap(try books().first { $0.path.hasSuffix("cafe-culture.pdf") })
        let original = try Data(contentsOf: URL(fileURLWithPath: book.path))
        defer { try? original.write(to: URL(fileURLWithPath: book.path)) }
        try Data(repeating: 0x41, count: original.count).write(to: URL(fileURLWithPath: book.path))
        let own = try ServedLibrary(library)
        let response = try own.get("/books/\(book.id)/pages/1?width=333")
        XCTAssertEqual(response.status, 500)
        XCTAssertEqual(response.text, "The library could not answer this request; the server's log says why.\n")
        let stopped = own.stop()
        XCTAssertEqual(stopped.status, 0)
        XCTAssertTrue(stopped.stderr.hasPrefix("ibook serve: GET /books/\(book.id)/pages/1: "), stopped.stderr)
        XCTAssertTrue(stopped.stderr.contains(book.path), stopped.stderr)
    }

    func testHostileAddressesReachNoFile() throws {
        let passwd = try String(contentsOfFile: "/etc/passwd", encoding: .utf8)
        let firstLine = String(passwd.prefix { $0 != "\n" })
        let hostile = [
            "/books/../../etc/passwd", "/books/%2e%2e/%2e%2e/etc/passwd", "/books/1/file%00", "/books/1/file%00.pdf",
            "/books/1%00/file", "/books/99999999999999999999999999/file", "/books/-1/file", "/books/+1/file",
            "/books/0x1/file", "/books/1.0/file", "/books/ 1/file", "/books/1/file/../../../../etc/passwd",
            "/..%2f..%2fetc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "//etc/passwd", "/etc/passwd", "/books/1/../../etc/passwd",
            "/books/1/cover%2f..%2f..%2fetc%2fpasswd", "/opds/../../etc/passwd", "/books//file", "/books/1/file/",
        ]
        for path in hostile {
            let response = try server.get(path)
            XCTAssertTrue([400, 404].contains(response.status), "\(path): \(response.status)")
            XCTAssertFalse(response.text.contains(firstLine), path)
        }
        let long = try server.get("/books/" + String(repeating: "1", count: 3_000) + "/file")
        XCTAssertEqual(long.status, 414)
        let huge = try server.get("/opds/" + String(repeating: "a", count: 40_000))
        XCTAssertTrue([414, 431].contains(huge.status), "\(huge.status)")
        let bigHeader = try server.get("/opds", headers: ["X-Filler": String(repeating: "b", count: 40_000)])
        XCTAssertTrue([413, 431].contains(bigHeader.status), "\(bigHeader.status)")
        // Still answering after all that.
        XCTAssertEqual(try server.get("/opds").status, 200)
    }

    func testOnlyGetAndHeadAreAnsweredButReadingStateIsPosted() throws {
        for method in ["PUT", "DELETE", "PATCH", "OPTIONS"] {
            let response = try server.request(method, "/opds")
            XCTAssertEqual(response.status, 405, method)
            XCTAssertEqual(response.header("Allow"), "GET, HEAD, POST", method)
        }
        let posted = try server.request("POST", "/opds", body: "q=1")
        XCTAssertEqual(posted.status, 405)
        XCTAssertEqual(posted.header("Allow"), "GET, HEAD")
        // A body on a GET is refused before it is read, and said so (not a dropped connection).
        XCTAssertEqual(try server.request("GET", "/opds", body: String(repeating: "x", count: 100_000)).status, 400)
        XCTAssertEqual(try server.request("GET", "/opds", headers: ["Transfer-Encoding": "chunked"], body: "").status, 400)
        let head = try server.request("HEAD", "/opds")
        XCTAssertEqual(head.status, 200)
        XCTAssertTrue(head.body.isEmpty)
        XCTAssertNotNil(head.header("Content-Length"))
    }

    func testAnAccessTokenIsAskedByBearerOrBasic() throws {
        let tokenFile = library.root.appendingPathComponent("token")
        try "correct horse battery\n".write(to: tokenFile, atomically: true, encoding: .utf8)
        let guarded = try ServedLibrary(library, arguments: ["--token-file", tokenFile.path])
        defer { _ = guarded.stop() }
        let refused = try guarded.get("/opds")
        XCTAssertEqual(refused.status, 401)
        XCTAssertTrue(refused.header("WWW-Authenticate")?.contains("Basic realm=\"ibook\"") == true)
        XCTAssertEqual(try guarded.get("/books/1/file").status, 401)
        XCTAssertEqual(try guarded.get("/opds", headers: ["Authorization": "Bearer correct horse battery"]).status, 200)
        let basic = Data("koreader:correct horse battery".utf8).base64EncodedString()
        XCTAssertEqual(try guarded.get("/opds", headers: ["Authorization": "Basic \(basic)"]).status, 200)
        XCTAssertEqual(try guarded.get("/opds", headers: ["Authorization": "Bearer correct horse batter"]).status, 401)
        let wrong = Data("koreader:wrong".utf8).base64EncodedString()
        XCTAssertEqual(try guarded.get("/opds", headers: ["Authorization": "Basic \(wrong)"]).status, 401)

        let fromEnvironment = try ServedLibrary(library, environment: ["IBOOK_SERVE_TOKEN": "s3cret"])
        defer { _ = fromEnvironment.stop() }
        XCTAssertEqual(try fromEnvironment.get("/opds").status, 401)
        XCTAssertEqual(try fromEnvironment.get("/opds", headers: ["Authorization": "Bearer s3cret"]).status, 200)
    }

    func testANetworkAddressWithoutATokenIsRefused() throws {
        let refused = try library.ibook("serve", "--bind", "0.0.0.0:0")
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(refused.stderrLines.first?.hasPrefix("Error: 0.0.0.0:0 is reachable from other machines") == true, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--token-file"), refused.stderr)
        XCTAssertEqual(refused.stdout, "")
        let bad = try library.ibook("serve", "--bind", "example.org:80")
        XCTAssertEqual(bad.status, 64)
        XCTAssertTrue(bad.stderr.hasPrefix("Error: --bind: 'example.org:80' is not an address"), bad.stderr)
        let taken = try library.ibook("serve", "--bind", "127.0.0.1:\(server.port)")
        XCTAssertEqual(taken.status, 1)
        XCTAssertEqual(taken.stderrLines, ["Error: cannot listen on 127.0.0.1:\(server.port): Address already in use"])
        let empty = library.root.appendingPathComponent("empty-token")
        try "\n".write(to: empty, atomically: true, encoding: .utf8)
        let noToken = try library.ibook("serve", "--token-file", empty.path)
        XCTAssertEqual(noToken.status, 1)
        XCTAssertEqual(noToken.stderrLines, ["Error: the access token in \(empty.path) is empty"])
    }

    func testSIGTERMStopsItCleanlyAndClosesThePort() throws {
        let own = try ServedLibrary(library)
        // A connection open and idle when the signal comes does not keep it running.
        let idle = try ServedLibrary.connect(port: own.port)
        defer { close(idle) }
        XCTAssertEqual(try own.get("/opds").status, 200)
        let stopped = own.stop()
        XCTAssertEqual(stopped.status, 0)
        XCTAssertEqual(stopped.stderr, "")
        XCTAssertThrowsError(try ServedLibrary.connect(port: own.port))
        let interrupted = try ServedLibrary(library)
        XCTAssertEqual(interrupted.stop(signal: SIGINT).status, 0)
    }
}
