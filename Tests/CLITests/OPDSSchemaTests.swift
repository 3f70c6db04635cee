import Foundation
import TestSupport
import XCTest

/// Every feed `ibook serve` answers, reached as an app reaches it (from /opds, link by link, and
/// by search), checked against RELAX NG grammars of OPDS 1.2, Atom and OpenSearch
/// (Tests/Schemas, with why they are ibook's own) by jing, Debian's RELAX NG validator.
final class OPDSSchemaTests: XCTestCase {
    private static let jing = "/usr/bin/jing"
    private static var schemas: URL { Fixtures.repositoryRoot.appendingPathComponent("Tests/Schemas") }

    /// More books than a feed's page holds, so that paged feeds are read page by page; metadata
    /// that a careless writer would let break the XML or the grammar.
    func testEveryFeedReachableFromTheRootIsValid() throws {
        let library = try TestLibrary("opds-schema")
        defer { library.remove() }
        let folder = library.root.appendingPathComponent("books")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.sampleBooks.path)
            .filter { $0.hasSuffix(".pdf") || $0.hasSuffix(".epub") }
            .map { Fixtures.sampleBook($0) }
        for number in 1...55 {
            let file = folder.appendingPathComponent("pamphlet-\(number).pdf")
            try RawPDF.book(title: "Pamphlet \(number)", pages: ["Pamphlet \(number) on tides and harbours."]).write(to: file)
            files.append(file.path)
        }
        if let corpus = Fixtures.corpus {
            files.append(corpus.appendingPathComponent("epub").path)
        }
        let added = try library.ibook(["add", "--ocr", "never"] + files)
        XCTAssertEqual(added.status, 0, added.stderr)
        let hostile = "Bell\u{7} <b>&amp;</b> ]]> \u{1b}[31m\"quoted\" 'single'"
        for arguments in [["edit", "Pamphlet 51", "--title", "Tides & <Harbours> \"1\"", "--author", "A. <Author> & Co",
                           "--publisher", hostile, "--year", "1901", "--description", hostile],
                          ["tag", "Pamphlet 52", "+sea & <coast>", "+tides"],
                          ["collection", "create", "Winter <reading> & more"],
                          ["collection", "add", "Winter <reading> & more", "Pamphlet 53"],
                          ["list", "title:pamphlet", "--save", "tides&<more>"]] {
            let result = try library.ibook(arguments)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try library.ibook("bookmark", "--book", "Pamphlet 54", "1").status, 0)

        let server = try ServedLibrary(library)
        defer { _ = server.stop() }
        let out = library.root.appendingPathComponent("feeds")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)

        // Breadth first over every catalog link, as an app browsing the whole catalog would go.
        var queue = ["/opds"] + ["harbours", "tides", "Tides & <Harbours>", "whale", "zzzqqqnothing", "\"on tides\""]
            .map { "/opds/search?q=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0) }
        var seen = Set(queue)
        var saved: [URL] = []
        var kinds: Set<String> = []
        while !queue.isEmpty {
            let path = queue.removeFirst()
            let response = try server.get(path)
            XCTAssertEqual(response.status, 200, path)
            guard response.status == 200 else { continue }
            let file = out.appendingPathComponent("feed-\(saved.count).xml")
            try response.body.write(to: file)
            saved.append(file)
            kinds.insert(response.header("Content-Type") ?? "")
            let feed = try OPDSDocument(response.body)
            for link in feed.links + feed.entries.flatMap(\.links)
            where link.type.contains("profile=opds-catalog") && link.href.hasPrefix("/opds") && !seen.contains(link.href) {
                seen.insert(link.href)
                queue.append(link.href)
            }
            XCTAssertLessThan(saved.count, 400, "the crawl should end")
            if saved.count >= 400 { break }
        }
        XCTAssertEqual(kinds, ["application/atom+xml;profile=opds-catalog;kind=navigation",
                               "application/atom+xml;profile=opds-catalog;kind=acquisition"])
        XCTAssertTrue(seen.contains("/opds/books?page=2"), "the books' feed should have a second page: \(seen.sorted())")
        XCTAssertGreaterThan(saved.count, 20)

        let feeds = try validate(saved, against: "opds-catalog.rnc")
        XCTAssertEqual(feeds.status, 0, feeds.errors)
        XCTAssertEqual(feeds.errors, "")

        let description = out.appendingPathComponent("opensearch.xml")
        try server.get("/opds/opensearch.xml").body.write(to: description)
        let search = try validate([description], against: "opensearch-description.rnc")
        XCTAssertEqual(search.status, 0, search.errors)
    }

    /// The grammar is not one that passes anything: feeds spoilt as a writer's bug would spoil
    /// them are refused, each with the reason.
    func testTheGrammarRefusesBrokenFeeds() throws {
        let folder = try Fixtures.temporaryDirectory("opds-broken")
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = """
            <?xml version="1.0" encoding="UTF-8"?>
            <feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/terms/" \
            xmlns:pse="http://vaemendis.net/opds-pse/ns">
              <id>urn:ibook:books</id>
              <title>All books</title>
              <updated>2026-12-05T09:04:53Z</updated>
              <author><name>ibook</name></author>
              <link rel="self" href="/opds/books" type="application/atom+xml;profile=opds-catalog;kind=acquisition"/>
              <entry>
                <title>Moby-Dick</title>
                <id>urn:sha256:aa</id>
                <updated>2026-12-05T09:04:32Z</updated>
                <dc:language>en</dc:language>
                <content type="text"></content>
                <link rel="http://opds-spec.org/acquisition" href="/books/1/file" type="application/epub+zip"/>
                <link rel="http://vaemendis.net/opds-pse/stream" href="/books/1/pages/{pageNumber}?width={maxWidth}" \
            type="image/png" pse:count="9"/>
              </entry>
            </feed>
            """
        let spoilt: [(String, String, String)] = [
            ("<id>urn:sha256:aa</id>", "", "missing required element \"id\""),
            ("kind=acquisition\"/>", "kind=navigation\"/>", "not allowed"),
            ("09:04:32Z", "09:04:32", "updated"),
            ("rel=\"http://opds-spec.org/acquisition\"", "rel=\"http://opds-spec.org/acquisitio\"", "rel"),
            ("<dc:language>en", "<dc:language>en_GB", "dc:language"),
            (" pse:count=\"9\"", "", "pse:count"),
            ("href=\"/books/1/file\"", "href=\"/books/1/my file\"", "href"),
        ]
        let validFile = folder.appendingPathComponent("good.xml")
        try Data(good.utf8).write(to: validFile)
        XCTAssertEqual(try validate([validFile], against: "opds-catalog.rnc").errors, "")
        for (index, (from, to, reason)) in spoilt.enumerated() {
            XCTAssertTrue(good.contains(from), from)
            let file = folder.appendingPathComponent("broken-\(index).xml")
            try Data(good.replacingOccurrences(of: from, with: to).utf8).write(to: file)
            let result = try validate([file], against: "opds-catalog.rnc")
            XCTAssertNotEqual(result.status, 0, "\(from) → \(to) should be refused")
            XCTAssertTrue(result.errors.contains(reason), "\(from) → \(to): \(result.errors)")
        }
    }

    /// jing's errors, one line each; its complaints about optional Java libraries it looks for
    /// and does not need ("[warning] … Unable to locate …") left out.
    private func validate(_ files: [URL], against schema: String) throws -> (status: Int32, errors: String) {
        guard FileManager.default.isExecutableFile(atPath: Self.jing) else {
            XCTFail("jing is missing: `make deps` installs it")
            return (-1, "no jing")
        }
        let result = try Run.process(Self.jing, ["-c", Self.schemas.appendingPathComponent(schema).path] + files.map(\.path))
        let lines = (result.stdout + result.stderr).split(separator: "\n").filter { !$0.hasPrefix("[warning]") }
        return (result.status, lines.joined(separator: "\n"))
    }
}
