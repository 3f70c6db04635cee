import BookLibrary
import Foundation
@testable import PostgresStore
import TestSupport
import XCTest

/// `ibook search` on a shared library (a real PostgreSQL server started by
/// the test class): the same library migrated there prints exactly what it
/// prints locally, for every kind of query; a removed book is gone from the
/// index; a reader searches; what stays local-only says so in one line.
final class SharedSearchTests: XCTestCase {
    private struct Setup {
        var server: PostgresServer
        var local: TestLibrary
        /// The database `migrate --to` filled from `local`.
        var database: String
    }

    private static let fixture = ServerFixture<Setup>()
    private var setup: Setup!
    private var cache: URL!

    override class func setUp() {
        super.setUp()
        fixture.start { server in
            let local = try TestLibrary("shared-search")
            // Sample books (outline, accents, CJK), typeset books (ligatures, line-end hyphenation,
            // ß, stems in four languages) and a few real PDFs from the corpus.
            // And an EPUB, whose hits name their chapters.
            var files = ["lighthouses.pdf", "cafe-culture.pdf", "cjk-seasons.pdf", "atlas-landscape.pdf", "voyage.epub"]
                .map(Fixtures.sampleBook)
            for book in [TypesetBooks.Book.english, .englishInflected, .german, .french, .russian, .japanese] {
                files.append(try TypesetBooks.make(book, in: local.root))
            }
            // Words hyphenated over two and more lines, in a book searched through the page index.
            files.append(try HyphenatedBook.make("hyphenated", pageCount: 300, in: local.root))
            if let corpus = Fixtures.corpus {
                files += ["real/pdfjs/tracemonkey.pdf", "real/py-pdf-sample-files/GeoTopo-komprimiert.pdf"]
                    .map { corpus.appendingPathComponent($0).path }
            }
            let added = try local.ibook(["add"] + files)
            guard added.status == 0 else { throw RunError.failed("ibook add: \(added.stderr)") }
            let database = "searchlib"
            try server.createDatabase(database)
            for arguments in [["server", "init", server.url(database: database)], ["migrate", "--to", server.url(database: database)]] {
                let result = try local.ibook(arguments)
                guard result.status == 0 else { throw RunError.failed("ibook \(arguments): \(result.stderr)") }
            }
            try server.psql("CREATE ROLE carol LOGIN; CREATE ROLE dave LOGIN")
            try server.grant("carol", "reader", database: database)
            return Setup(server: server, local: local, database: database)
        }
    }

    override class func tearDown() {
        fixture.stop()
        super.tearDown()
    }

    override func setUpWithError() throws {
        setup = try Self.fixture.value()
        cache = try Fixtures.temporaryDirectory("shared-search-cache")
    }

    override func tearDown() {
        if let cache { try? FileManager.default.removeItem(at: cache) }
        setup = nil
    }

    /// ibook on a shared library database as `user`, with a thumbnail cache of this test's own.
    private func shared(_ arguments: [String], user: String = PostgresServer.admin, database: String? = nil) throws -> Run.Result {
        var environment = setup.local.environment
        environment["XDG_CACHE_HOME"] = cache.path
        environment["IBOOK_LIBRARY"] = setup.server.url(user: user, database: database ?? setup.database)
        return try Run.process(Run.ibookPath, arguments, environment: environment)
    }

    // MARK: - Parity

    /// pg-7-kana-voicing-marks on a library whose index took ｶﾞ for two words (here: the
    /// Japanese book's index rows gone): refused until `server init` upgrades it, which
    /// indexes that book again; then it finds what the local library finds.
    func testAnOlderSharedLibraryIsReindexedWhereAKanaHasItsVoicingMarkApart() throws {
        let database = setup.database
        let book = try setup.server.psql("SELECT id FROM books WHERE path LIKE '%/japanese.pdf'", database: database)
        XCTAssertFalse(book.isEmpty)
        _ = try setup.server.psql("""
            DELETE FROM page_index WHERE book_id = \(book); DELETE FROM book_index WHERE book_id = \(book);
            DELETE FROM schema_migrations WHERE id = 'pg-7-kana-voicing-marks'
            """, database: database)
        let refused = try shared(["search", "--all", "ガイドブック"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("missing pg-7-kana-voicing-marks"), refused.stderr)
        let upgrade = try setup.local.ibook(["server", "init", setup.server.url(database: database)])
        XCTAssertEqual(upgrade.status, 0, upgrade.stderr)
        for query in ["ガイドブック", "ｶﾞｲﾄﾞ", "かがみ"] {
            let here = try setup.local.ibook(["search", "--all", query]), there = try shared(["search", "--all", query])
            XCTAssertEqual(there.status, 0, there.stderr)
            XCTAssertEqual(there.stdout, here.stdout, query)
            XCTAssertTrue(here.stdout.contains("p. 1"), "\(query): \(here.stdout)")
        }
    }

    func testSearchPrintsExactlyWhatItPrintsLocally() throws {
        let queries: [[String]] = [
            ["--all", "lighthouse"],                 // a word
            ["--all", "lighthouses"],                // its inflections (stemming)
            ["--all", "configure"],                  // configured, configuration
            ["--all", "--exact", "configuration"],   // stemming off
            ["--all", "assistant keeper"],           // a phrase
            ["--all", "\"the daily round\""],       // a quoted phrase
            ["--all", "lightho"],                    // the last word as a prefix
            ["--all", "resume"],                     // accents: Résumé
            ["--all", "CAFÉ"],                       // case and accents
            ["--all", "libreoffice"],                // the ﬀ ligature
            ["--all", "office"],                     // the ﬃ ligature
            ["--all", "copyright"],                  // a word hyphenated at a line end (soft hyphen)
            ["--all", "well-known"],                 // hyphenated, both ways
            ["--all", "extraordinarily"],            // hyphenated in justified text
            ["--all", "--exact", "corresp"],         // a beginning, across a line-end hyphen (page index)
            ["--all", "statically"],                 // hyphenated over three lines
            ["--all", "the defini"],                 // over four, the last word a prefix
            ["--all", "strasse"],                    // ß
            ["--all", "Straße"],
            ["--all", "Häuser"],                     // German stems
            ["--all", "musée"],                      // French stems
            ["--all", "библиотеки"],                 // Russian stems
            ["--all", "四季"],                        // a 2-character CJK query
            ["--all", "東"],                          // one CJK character
            ["--all", "１２３"],                      // full-width digits
            ["--all", "ガイドブック"],                 // ｶﾞｲﾄﾞﾌﾞｯｸ: half-width kana, voicing marks apart
            ["--all", "かがみ"],                      // が decomposed in the PDF's text
            ["--all", "--limit", "7", "the"],        // --limit
            ["--all", "--json", "lighthouse"],       // --json
            ["--all", "--json", "--limit", "3", "culture"],
            ["--book", "lighthouses", "lamp"],       // one book, page order
            ["--book", "Culture", "café"],
            ["--book", "voyage", "open deck"],       // a laid-out book's hits, each with its chapter
            ["--all", "--json", "captain described"],
        ] + (Fixtures.corpus == nil ? [] : [
            ["--all", "trace"], ["--all", "trace tree"], ["--all", "Geometrie"], ["--all", "--exact", "Geometrie"],
            ["--all", "compil"], ["--all", "the"],
        ])
        for arguments in queries {
            let here = try setup.local.ibook(["search"] + arguments)
            let there = try shared(["search"] + arguments)
            XCTAssertEqual(here.status, 0, "\(arguments): \(here.stderr)")
            // A query that finds nothing here would compare nothing.
            XCTAssertFalse(here.stderr.hasPrefix("0 matches"), "\(arguments): \(here.stderr)")
            XCTAssertEqual(there.status, here.status, "\(arguments): \(there.stderr)")
            XCTAssertEqual(there.stdout, here.stdout, "\(arguments)")
            XCTAssertEqual(there.stderr, here.stderr, "\(arguments)")
        }
    }

    /// A rare word's first hits in several books long enough to be searched
    /// through the page index (over 128 pages), whose first lookups the
    /// shared search asks in one statement, one of them with an outline
    /// entry and one with more candidate pages than a batch: each limit
    /// prints what it prints locally.
    func testFirstHitsInBooksSearchedThroughThePageIndexAreTheLocalOnes() throws {
        let local = try TestLibrary("shared-search-lookups")
        let filler = "The quick brown fox jumps over the lazy dog.\nPack my box with five dozen liquor jugs."
        let pagesWithTheWord: [[Int]] = [[12, 75, 140, 190], [3, 99], [150, 151, 152], Array(60...110), [5, 180], [44]]
        var files: [String] = []
        for (index, pages) in pagesWithTheWord.enumerated() {
            let text = (1...200).map { page in
                pages.contains(page) ? "Page \(page): zymurgical notes, \(page % 2 == 0 ? "brewing" : "brewed") by hand.\n" + filler : filler
            }
            let outline = index == 0 ? [(title: "Zymurgical appendix", page: 140)] : []
            let url = local.root.appendingPathComponent("volume-\(index).pdf")
            try RawPDF.book(title: "Volume \(index)", pages: text, outline: outline).write(to: url)
            files.append(url.path)
        }
        XCTAssertEqual(try local.ibook(["add"] + files).status, 0)
        let database = "searchlookups"
        try setup.server.createDatabase(database)
        for arguments in [["server", "init", setup.server.url(database: database)], ["migrate", "--to", setup.server.url(database: database)]] {
            XCTAssertEqual(try local.ibook(arguments).status, 0, "\(arguments)")
        }
        for query in ["zymurgical", "brewing", "zymurgical notes", "zymurg"] {
            for limit in [["--limit", "1"], ["--limit", "3"], ["--limit", "7"], ["--limit", "20"], ["--limit", "60"], []] {
                let arguments = ["search", "--all"] + limit + [query]
                let here = try local.ibook(arguments)
                let there = try shared(arguments, database: database)
                XCTAssertEqual(here.status, 0, "\(arguments): \(here.stderr)")
                XCTAssertFalse(here.stdout.isEmpty, "\(arguments)")
                XCTAssertEqual(there.status, here.status, "\(arguments): \(there.stderr)")
                XCTAssertEqual(there.stdout, here.stdout, "\(arguments)")
                XCTAssertEqual(there.stderr, here.stderr, "\(arguments)")
            }
        }
    }

    /// Every hit of a phrase in books searched through the library-wide
    /// lookup, which may ask the server for pages holding the words in any
    /// order: pages with the words apart (`keeper of the old lighthouse`)
    /// are not reported, and the counts are the local ones, whether the
    /// lookup is loose throughout (the phrase on most such pages), loose then
    /// done again with the phrase (books ranked after the first ones with the
    /// words mostly apart), or exact from the start (the book judged first
    /// has them mostly apart).
    func testEveryHitOfAPhraseLeavesOutPagesWithItsWordsApart() throws {
        // By book, ranked by how many parts hold the words (three pages a part): pages with the phrase, with the words apart.
        let phraseFirst: [(phrase: [Int], apart: [Int])] = [
            (Array(stride(from: 5, through: 190, by: 5)), []),
            (Array(stride(from: 10, through: 100, by: 3)), [101]),
            ([21, 24], Array(stride(from: 27, through: 100, by: 3))),
            ([20], Array(stride(from: 24, through: 100, by: 4))),
            ([], Array(stride(from: 30, through: 60, by: 3))),
            (Array(50...55), [56]),
        ]
        let apartFirst = phraseFirst.map { (phrase: Array($0.phrase.prefix(1)), apart: $0.apart + $0.phrase.dropFirst()) }
        for (name, books) in [("apartlater", phraseFirst), ("apartfirst", apartFirst)] {
            let local = try TestLibrary("shared-search-\(name)")
            let filler = "The quick brown fox jumps over the lazy dog.\nPack my box with five dozen liquor jugs."
            var files: [String] = []
            for (index, book) in books.enumerated() {
                let text = (1...200).map { page in
                    book.phrase.contains(page) ? "Page \(page): the lighthouse keeper wrote it down.\n" + filler
                        : book.apart.contains(page) ? "Page \(page): the keeper of the old lighthouse.\n" + filler : filler
                }
                let url = local.root.appendingPathComponent("log-\(index).pdf")
                try RawPDF.book(title: "Log \(index)", pages: text, outline: []).write(to: url)
                files.append(url.path)
            }
            XCTAssertEqual(try local.ibook(["add"] + files).status, 0)
            try setup.server.createDatabase(name)
            for arguments in [["server", "init", setup.server.url(database: name)], ["migrate", "--to", setup.server.url(database: name)]] {
                XCTAssertEqual(try local.ibook(arguments).status, 0, "\(arguments)")
            }
            for query in ["lighthouse keeper", "lighthouse keep", "old lighthouse", "keeper lighthouse"] {
                for options in [[], ["--limit", "5"], ["--json"]] {
                    let arguments = ["search", "--all"] + options + [query]
                    let here = try local.ibook(arguments)
                    let there = try shared(arguments, database: name)
                    XCTAssertEqual(here.status, 0, "\(arguments): \(here.stderr)")
                    XCTAssertEqual(there.status, here.status, "\(arguments): \(there.stderr)")
                    XCTAssertEqual(there.stdout, here.stdout, "\(name) \(arguments)")
                    XCTAssertEqual(there.stderr, here.stderr, "\(name) \(arguments)")
                }
            }
            // Libraries this small take the loose lookup unjudged; judged, the lookup is the
            // one above: loose throughout, loose then exact, or exact from the start.
            let connection = try PostgresSchema.open(setup.server.url(database: name), shownAs: name,
                                                     roots: MachineRoots.load(environment: [:]))
            for query in ["lighthouse keeper", "lighthouse keep", "old lighthouse", "keeper lighthouse"] {
                let hits = try [Int64.max, 0].map { judgedAbove in
                    var hits: [String] = []
                    let search = PostgresSearch(connection: connection, phraseJudgedAbove: judgedAbove)
                    _ = try SearchFlow(engine: search).run(query, scope: .all, exact: false, limit: nil) { hit in
                        hits.append("\(hit.bookID):\(hit.page):\(hit.snippet)")
                    }
                    return hits
                }
                XCTAssertEqual(hits[1], hits[0], "\(name) \(query): judged and unjudged")
                let json = try shared(["search", "--all", "--json", query], database: name).stdout
                XCTAssertEqual(hits[1].count, json.components(separatedBy: "\"page\"").count - 1, "\(name) \(query)")
            }
            let phrase = try shared(["search", "--all", "lighthouse keeper"], database: name)
            let pages = books.map(\.phrase.count).reduce(0, +)
            XCTAssertEqual(phrase.stderr, "\(pages) matches on \(pages) pages in \(books.filter { !$0.phrase.isEmpty }.count) books\n")
            XCTAssertFalse(phrase.stdout.contains("keeper of the"), phrase.stdout)
        }
    }

    func testAnEPUBsHitsNameTheirChaptersAsLocally() throws {
        let there = try shared(["search", "--book", "voyage", "open deck"])
        XCTAssertEqual(there.status, 0, there.stderr)
        XCTAssertTrue(there.stdoutLines.contains { $0.hasPrefix("A Cabin on the Upper Deck, p. 7 (2): …night of the voyage.") },
                      there.stdout)
        XCTAssertTrue(there.stdoutLines.first?.hasPrefix("The Coastal Express, p. 6 (1):") == true, there.stdout)
    }

    func testMigrationIndexesEveryPageAndEveryBook() throws {
        let server = setup.server, database = setup.database
        XCTAssertEqual(try server.psql("SELECT count(*) FROM page_index", database: database),
                       try server.psql("SELECT count(*) FROM pages", database: database))
        XCTAssertEqual(try server.psql("SELECT count(DISTINCT book_id) FROM book_index WHERE part > 0", database: database),
                       try server.psql("SELECT count(*) FROM books", database: database))
        // The terms are ibook's own: a ligature folded, a line-end hyphenated word joined among the variants.
        XCTAssertEqual(try server.psql("""
            SELECT count(*) FROM page_index WHERE words @@ 'libreoffice'::tsquery AND variants @@ 'copyright'::tsquery
            """, database: database), "1")
        // The server's GIN indexes answer it, not a scan of every row.
        let plan = try server.psql("""
            SET enable_seqscan = off; EXPLAIN SELECT page FROM page_index WHERE words @@ '''四'' <-> ''季'''::tsquery
            """, database: database)
        XCTAssertTrue(plan.contains("page_index_words"), plan)
    }

    // MARK: - Removing, roles, what stays local

    func testARemovedBookIsNoLongerFound() throws {
        let database = "searchremove"
        try setup.server.createDatabase(database)
        for arguments in [["server", "init", setup.server.url(database: database)],
                          ["migrate", "--to", setup.server.url(database: database)]] {
            XCTAssertEqual(try setup.local.ibook(arguments).status, 0, "\(arguments)")
        }
        let before = try shared(["search", "--all", "lighthouse"], database: database)
        XCTAssertTrue(before.stdout.contains("A Field Guide to Lighthouses"), before.stdout)
        let id = try setup.server.psql("SELECT id FROM books WHERE title = 'A Field Guide to Lighthouses'", database: database)
        XCTAssertEqual(try shared(["remove", id], database: database).status, 0)
        let after = try shared(["search", "--all", "lighthouse"], database: database)
        XCTAssertEqual(after.status, 0, after.stderr)
        XCTAssertFalse(after.stdout.contains("A Field Guide to Lighthouses"), after.stdout)
        XCTAssertEqual(try setup.server.psql("SELECT count(*) FROM page_index WHERE book_id = \(id)", database: database), "0")
        XCTAssertEqual(try setup.server.psql("SELECT count(*) FROM book_index WHERE book_id = \(id)", database: database), "0")
        XCTAssertNotEqual(try setup.server.psql("SELECT count(*) FROM page_index", database: database), "0")
    }

    func testAReaderSearchesAndARoleWithoutAccessIsRefusedInOneLine() throws {
        let arguments = ["search", "--all", "assistant keeper"]
        let reader = try shared(arguments, user: "carol")
        XCTAssertEqual(reader.status, 0, reader.stderr)
        XCTAssertEqual(reader.stdout, try setup.local.ibook(arguments).stdout)
        // One book: a reader's search records where they were, in their own history.
        XCTAssertEqual(try shared(["search", "--book", "Culture", "café"], user: "carol").status, 0)
        XCTAssertEqual(try setup.server.psql("SELECT count(*) FROM history WHERE owner = 'carol'::regrole", database: setup.database), "1")
        let stranger = try shared(arguments, user: "dave")
        XCTAssertEqual(stranger.status, 1)
        XCTAssertEqual(stranger.stderr.split(separator: "\n").count, 1, stranger.stderr)
        XCTAssertTrue(stranger.stderr.hasPrefix("Error: your PostgreSQL role may not do this on the shared library (readers read"),
                      stranger.stderr)
        XCTAssertEqual(stranger.stdout, "")
    }

    func testNotesSaysInOneLineThatItIsLocalOnly() throws {
        let result = try shared(["search", "--notes", "lamp"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stderr, "Error: ibook search --notes does not work on a shared library yet\n")
        XCTAssertEqual(result.stdout, "")
    }

    func testSearchInAListQueryFindsWhatItFindsLocally() throws {
        for arguments in [["search", "--in", "title:culture", "café"], ["search", "--in", "-title:culture", "the"],
                          ["search", "--in", "title:nothing-has-this", "the"]] {
            let here = try setup.local.ibook(arguments)
            let there = try shared(arguments)
            XCTAssertEqual(there.status, here.status, "\(arguments): \(there.stderr)")
            XCTAssertEqual(there.stdout, here.stdout, "\(arguments)")
            XCTAssertEqual(there.stderr, here.stderr, "\(arguments)")
        }
        XCTAssertFalse(try shared(["search", "--in", "title:culture", "café"]).stdout.isEmpty)
    }

    func testAnEditedLanguageReStemsTheSharedIndexAsLocally() throws {
        let query = ["search", "--book", "german", "Häuser"]
        let stemmedInGerman = try shared(query).stdout
        XCTAssertEqual(stemmedInGerman, try setup.local.ibook(query).stdout)
        for language in ["en", "de"] {
            XCTAssertEqual(try shared(["edit", "german", "--language", language]).status, 0)
            XCTAssertEqual(try setup.local.ibook("edit", "german", "--language", language).status, 0)
            let there = try shared(query)
            XCTAssertEqual(there.stdout, try setup.local.ibook(query).stdout, language)
            XCTAssertEqual(there.stdout == stemmedInGerman, language == "de", "in English, Häuser no longer finds Haus")
        }
    }

    func testAnEmptyQueryIsRefusedAsLocally() throws {
        let here = try setup.local.ibook("search", "--all", "…")
        let there = try shared(["search", "--all", "…"])
        XCTAssertEqual(here.status, 1)
        XCTAssertEqual(there.status, here.status)
        XCTAssertEqual(there.stderr, here.stderr)
    }
}
