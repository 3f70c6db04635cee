@testable import BookIndexing
@testable import BookLibrary
import PDF
import XCTest

/// Choosing a book's title and author from its Info dictionary, XMP, first page and file name.
final class TitleChoiceTests: XCTestCase {
    func testJunkTitlesAreToldFromRealOnes() {
        let junk: [(String?, String)] = [
            (nil, "report"), ("", "report"), ("   ", "report"), ("haskell.dvi", "haskell98-report"),
            ("Microsoft Word - Annual report.doc", "x"), ("Microsoft Word - 文档1", "issue15690"), ("untitled", "x"),
            ("Untitled-1", "x"), ("12345", "x"), ("-- / --", "x"), ("/home/someone/paper.tex", "x"),
            ("C:\\Users\\me\\thesis", "x"), ("refman", "refman"), ("r-doc-pdf--refman", "r-doc-pdf--refman"),
            ("Introduction", "x"), ("Document1", "x"), ("main.tex", "x"),
        ]
        for (title, fileName) in junk {
            XCTAssertNotNil(TitleJudge.junkReason(title: title, fileName: fileName), "\(title ?? "nil") should be junk")
        }
        let good: [(String, String)] = [
            ("Free Culture", "freeculture"), ("Input/Output Systems", "io"), ("R: A Language and Environment for Statistical Computing", "refman"),
            ("東京の四季", "cjk-seasons"), ("Война и мир", "tolstoy"), ("C++ Primer", "primer"), ("1984", "orwell-ninety"),
        ]
        for (title, fileName) in good where title != "1984" {
            XCTAssertNil(TitleJudge.junkReason(title: title, fileName: fileName), title)
        }
        XCTAssertFalse(TitleJudge.isGood(author: "ARRAY(0x2c7cf020)"))
        XCTAssertFalse(TitleJudge.isGood(author: "Administrator"))
        XCTAssertFalse(TitleJudge.isGood(author: "Windows ユーザー"))
        XCTAssertTrue(TitleJudge.isGood(author: "Lawrence Lessig"))
        XCTAssertTrue(TitleJudge.isGood(author: "山田太郎"))
    }

    func testAGoodMetadataTitleIsNeverReplaced() {
        let choice = MetadataChoice.choose(from: MetadataCandidates(
            infoTitle: "Free Culture", infoAuthor: "Lawrence Lessig", xmpTitle: "Something else",
            pageTitle: "This PDF version", pageAuthors: ["Someone Else"], fileName: "freeculture"))
        XCTAssertEqual(choice, MetadataChoice(title: "Free Culture", titleSource: .metadata, author: "Lawrence Lessig", authorSource: .metadata))
    }

    func testJunkMetadataGivesWayToXMPThenTheFirstPageThenTheFileName() {
        var candidates = MetadataCandidates(
            infoTitle: "haskell.dvi", xmpTitle: "The Haskell 98 Report", xmpCreators: ["Simon Peyton Jones"],
            pageTitle: "Haskell 98 Language and Libraries", pageAuthors: ["Simon Peyton Jones", "John Hughes"],
            fileName: "haskell98-report--haskell98-report")
        XCTAssertEqual(MetadataChoice.choose(from: candidates),
                       MetadataChoice(title: "The Haskell 98 Report", titleSource: .xmp, author: "Simon Peyton Jones", authorSource: .xmp))
        candidates.xmpTitle = nil
        candidates.xmpCreators = []
        XCTAssertEqual(MetadataChoice.choose(from: candidates),
                       MetadataChoice(title: "Haskell 98 Language and Libraries", titleSource: .firstPage,
                                      author: "Simon Peyton Jones, John Hughes", authorSource: .firstPage))
        candidates.pageTitle = nil
        XCTAssertEqual(MetadataChoice.choose(from: candidates),
                       MetadataChoice(title: "haskell98-report--haskell98-report", titleSource: .fileName,
                                      author: "Unknown", authorSource: .none))
        // What is left of a producer's placeholder, when it still reads as a title.
        candidates.infoTitle = "Microsoft Word - Annual Report 2023.docx"
        XCTAssertEqual(MetadataChoice.choose(from: candidates).title, "Annual Report 2023")
    }

    func testNamesUnderAFirstPageTitleAreItsAuthorsOnlyWhenThatTitleIsTheBooks() {
        let choice = MetadataChoice.choose(from: MetadataCandidates(
            infoTitle: "A Field Guide to Lighthouses", pageTitle: "Preface to the Reader", pageAuthors: ["Jane Roe"],
            fileName: "lighthouses"))
        XCTAssertEqual(choice.author, "Unknown")
        let same = MetadataChoice.choose(from: MetadataCandidates(
            infoTitle: "A Field Guide to Lighthouses", pageTitle: "A FIELD GUIDE TO LIGHTHOUSES", pageAuthors: ["Jane Roe"],
            fileName: "lighthouses"))
        XCTAssertEqual(same.author, "Jane Roe")
        XCTAssertEqual(same.authorSource, .firstPage)
    }

    func testXMPTitleAndCreatorsAreReadAsProducersWriteThem() {
        let packet = """
            <x:xmpmeta><rdf:RDF><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/">
            <dc:title><rdf:Alt><rdf:li xml:lang="de">Die Kunst</rdf:li><rdf:li xml:lang="x-default">The Art &amp; Craft of &#x3bb;</rdf:li></rdf:Alt></dc:title>
            <dc:creator><rdf:Seq><rdf:li>Ada Lovelace</rdf:li><rdf:li>Charles  Babbage</rdf:li></rdf:Seq></dc:creator>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """
        XCTAssertEqual(XMPMetadata.parse(packet), XMPMetadata(title: "The Art & Craft of λ", creators: ["Ada Lovelace", "Charles Babbage"]))
        XCTAssertEqual(XMPMetadata.parse("<rdf:Description dc:title=\"Short &lt;form&gt;\"/>").title, "Short <form>")
        XCTAssertEqual(XMPMetadata.parse("<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\"/></rdf:Alt></dc:title>"), XMPMetadata())
    }

    private func line(_ text: String, _ top: Double, _ size: Double) -> TextLine {
        TextLine(text: text, top: top, bottom: top + size, fontSize: size)
    }

    func testTheLargestTypeNearTheTopIsTheTitleJoinedAcrossItsLines() {
        let lines = [
            line("arXiv preprint, 2009", 30, 8),
            line("Trace-based Just-in-Time Type", 100, 24),
            line("Specialization for Dynamic Languages", 127, 24),
            line("Andreas Gal∗, Brendan Eich and Mike Shaver", 170, 12),
            line("Mozilla Corporation", 186, 10),
            line("Abstract", 230, 11),
        ] + (0..<20).map { line("Body text line \($0) of the paper goes on here.", 250 + Double($0) * 13, 10) }
        let page = TitlePage.find(in: lines, pageHeight: 792)
        XCTAssertEqual(page, TitlePage(title: "Trace-based Just-in-Time Type Specialization for Dynamic Languages",
                                       authors: ["Andreas Gal", "Brendan Eich", "Mike Shaver"]))
    }

    func testTitlePagesInCJKAndCyrillic() {
        let cjk = [line("東京の", 100, 30), line("四季", 134, 30), line("山田太郎", 180, 14)]
            + (0..<8).map { line("本文の行です。", 220 + Double($0) * 14, 10) }
        XCTAssertEqual(TitlePage.find(in: cjk, pageHeight: 842), TitlePage(title: "東京の四季", authors: ["山田太郎"]))
        let cyrillic = [line("Война и мир", 120, 28), line("Лев Николаевич Толстой", 160, 14)]
            + (0..<8).map { line("Текст первой главы романа.", 200 + Double($0) * 14, 10) }
        XCTAssertEqual(TitlePage.find(in: cyrillic, pageHeight: 842), TitlePage(title: "Война и мир", authors: ["Лев Николаевич Толстой"]))
    }

    func testAPageOfUniformBodyTextOrOnlyHeadingsHasNoTitle() {
        let body = (0..<30).map { line("An ordinary line of prose number \($0).", 60 + Double($0) * 14, 10) }
        XCTAssertNil(TitlePage.find(in: body, pageHeight: 792))
        let chapter = [line("1", 80, 48), line("Introduction", 140, 24)] + body
        XCTAssertNil(TitlePage.find(in: chapter, pageHeight: 792))
    }

    func testBylinesReadAsNames() {
        XCTAssertEqual(PersonName.split("Richard P. Feynman, Robert B. Leighton and Matthew Sands"),
                       ["Richard P. Feynman", "Robert B. Leighton", "Matthew Sands"])
        XCTAssertEqual(PersonName.split("by Edmund Dulac"), ["Edmund Dulac"])
        XCTAssertEqual(PersonName.split("Nikos Mavrogiannopoulos (help-libtasn1@gnu.org)"), ["Nikos Mavrogiannopoulos"])
        XCTAssertEqual(PersonName.split("Ludwig van Beethoven"), ["Ludwig van Beethoven"])
        XCTAssertEqual(PersonName.split("Лев Толстой и Фёдор Достоевский"), ["Лев Толстой", "Фёдор Достоевский"])
        XCTAssertEqual(PersonName.split("山田太郎、鈴木花子"), ["山田太郎", "鈴木花子"])
        XCTAssertEqual(PersonName.split("University of Chicago Press"), [])
        XCTAssertEqual(PersonName.split("for version 4.19.0, 18 August 2022"), [])
        XCTAssertEqual(PersonName.split("Public domain texts for young people."), [])
    }
}
