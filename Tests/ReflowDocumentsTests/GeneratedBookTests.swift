import FileNames
import Foundation
import Raster
import ReflowDocuments
import TestSupport
import XCTest

/// FB2, CBZ, XHTML and EPUB books written by the test, so their every value is known.
final class GeneratedBookTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TestBooks.folder()
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    static func fb2(cover: [UInt8]) -> String {
        let sections = (1...3).map { chapter in
            "<section><title><p>Chapter \(chapter)</p></title>"
                + (1...25).map { "<p>Line \($0) of chapter \(chapter): a sentence long enough to wrap across the page.</p>" }.joined()
                + "</section>"
        }
        return """
            <?xml version="1.0" encoding="utf-8"?>
            <FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
              <description>
                <title-info>
                  <genre>sf_space</genre><genre>adventure</genre>
                  <author><first-name>Arkady</first-name><middle-name>N.</middle-name><last-name>Strugatsky</last-name></author>
                  <author><first-name>Boris</first-name><last-name>Strugatsky</last-name></author>
                  <book-title>Roadside\u{07} Picnic</book-title>
                  <annotation><p>Aliens came, and left their rubbish.</p></annotation>
                  <date value="1972-01-01">1972</date>
                  <coverpage><image l:href="#cover.png"/></coverpage>
                  <lang>ru</lang>
                  <translator><first-name>Olena</first-name><last-name>Bormashenko</last-name></translator>
                  <sequence name="Noon Universe" number="7"/>
                </title-info>
                <document-info><id>fb2-roadside-1</id></document-info>
                <publish-info><publisher>Chicago Review Press</publisher><year>2012</year><isbn>978-1-61374-341-6</isbn></publish-info>
              </description>
              <body>\(sections.joined())</body>
              <binary id="cover.png" content-type="image/png">\(Data(cover).base64EncodedString(options: .lineLength76Characters))</binary>
            </FictionBook>
            """
    }

    func testFB2MetadataCoverTextAndOutline() throws {
        let cover = TestBooks.png(width: 60, height: 90, color: RGB(red: 200, green: 30, blue: 30))
        // Named .txt: the content says FictionBook, which decides.
        let path = try TestBooks.write(Array(Self.fb2(cover: cover).utf8), named: "picnic.txt", in: folder)
        let document = try ReflowDocument(path: path)
        XCTAssertEqual(document.format, .fb2)
        let metadata = document.metadata
        XCTAssertEqual(metadata.title, "Roadside Picnic", "the control character is gone")
        XCTAssertEqual(metadata.creators, [
            ReflowCreator(name: "Arkady N. Strugatsky", role: "aut", fileAs: "Strugatsky, Arkady N."),
            ReflowCreator(name: "Boris Strugatsky", role: "aut", fileAs: "Strugatsky, Boris"),
            ReflowCreator(name: "Olena Bormashenko", role: "trl", fileAs: "Bormashenko, Olena"),
        ])
        XCTAssertEqual(metadata.language, "ru")
        XCTAssertEqual(metadata.subjects, ["sf_space", "adventure"])
        XCTAssertEqual(metadata.series, "Noon Universe")
        XCTAssertEqual(metadata.seriesIndex, 7)
        XCTAssertEqual(metadata.description, "Aliens came, and left their rubbish.")
        XCTAssertEqual(metadata.publisher, "Chicago Review Press")
        XCTAssertEqual(metadata.date, "2012")
        XCTAssertEqual(metadata.isbn, "9781613743416")
        XCTAssertEqual(metadata.identifiers["isbn"], "978-1-61374-341-6")

        let image = try XCTUnwrap(document.coverImage(maxPixels: 45))
        XCTAssertEqual(image.width, 30)
        XCTAssertEqual(image.height, 45)
        XCTAssertEqual(image.pixel(x: 15, y: 22), RGB(red: 200, green: 30, blue: 30))

        XCTAssertGreaterThan(document.pageCount, 2)
        // MuPDF shows the coverpage's image first.
        XCTAssertEqual(document.pageText(1), "")
        XCTAssertTrue(document.pageText(2).contains("Line 1 of chapter 1"), document.pageText(2))
        let outline = document.outline()
        XCTAssertEqual(outline.map(\.title), ["Chapter 1", "Chapter 2", "Chapter 3"])
        XCTAssertEqual(outline.compactMap(\.page), outline.compactMap(\.page).sorted())
        XCTAssertEqual(document.pageLabels(), Array(repeating: nil, count: document.pageCount))
    }

    /// A PalmDOC-style MOBI: a PDB header, record 0 (no compression, no encryption) and one record of HTML.
    /// With `exth`, record 0 also has a MOBI header (UTF-8, full name "Full Name") and those EXTH records;
    /// with `cover` too, a third record holds that picture, the first image, which EXTH 201 names.
    static func mobi(html: String, exth: [(Int, String)]? = nil, cover: [UInt8]? = nil) -> [UInt8] {
        func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func be32(_ value: Int) -> [UInt8] { be16(value >> 16) + be16(value & 0xFFFF) }
        let text = Array(html.utf8)
        var mobiHeader: [UInt8] = []
        if let exth {
            let headerLength = 132
            var records: [UInt8] = []
            for (type, value) in exth { records += be32(type) + be32(8 + value.utf8.count) + Array(value.utf8) }
            if cover != nil { records += be32(201) + be32(12) + be32(0) }
            let exthBlock = Array("EXTH".utf8) + be32(12 + records.count) + be32(exth.count + (cover == nil ? 0 : 1)) + records
            let nameOffset = 16 + headerLength + exthBlock.count
            var header = Array("MOBI".utf8) + be32(headerLength) + be32(2) + be32(65001)
            header += [UInt8](repeating: 0, count: 84 - 16 - header.count) + be32(nameOffset) + be32(9)
            header += [UInt8](repeating: 0, count: 108 - 16 - header.count) + (cover == nil ? [0xFF, 0xFF, 0xFF, 0xFF] : be32(2))
            header += [UInt8](repeating: 0, count: 128 - 16 - header.count) + be32(0x40)
            header += [UInt8](repeating: 0, count: headerLength - header.count)
            mobiHeader = header + exthBlock + Array("Full Name".utf8)
        }
        var header = Array("Generated MOBI".utf8) + [UInt8](repeating: 0, count: 32 - 14)
        header += [UInt8](repeating: 0, count: 28) // attributes, version, dates, modification number, app and sort info
        header += Array("BOOKMOBI".utf8) + [UInt8](repeating: 0, count: 8) // type and creator, unique id seed, next list
        let records = cover == nil ? 2 : 3
        header += be16(records)
        let recordZero = be16(1) + be16(0) + be32(text.count) + be16(1) + be16(4096) + be16(0) + be16(0) + mobiHeader
        let first = header.count + records * 8 + 2
        header += be32(first) + [0, 0, 0, 0] + be32(first + recordZero.count) + [0, 0, 0, 1]
        if cover != nil { header += be32(first + recordZero.count + text.count) + [0, 0, 0, 2] }
        header += [0, 0]
        return header + recordZero + text + (cover ?? [])
    }

    func testMOBI() throws {
        let html = "<html><head><title>Mobi Book</title></head><body><h1>A Mobi Chapter</h1><p>Text in a PalmDOC record.</p></body></html>"
        let document = try ReflowDocument(path: try TestBooks.write(Self.mobi(html: html), named: "book.azw", in: folder))
        XCTAssertEqual(document.format, .mobi)
        XCTAssertGreaterThan(document.pageCount, 0)
        XCTAssertTrue(document.pageText(1).contains("Text in a PalmDOC record."), document.pageText(1))
        XCTAssertEqual(document.metadata, ReflowMetadata())

        let described = Self.mobi(html: html, exth: [(100, "Ann Author"), (100, "Bob Author"), (101, "Pub House"),
                                                     (104, "978-0-00-000000-2"), (105, "Fiction"), (106, "2019-05-04"),
                                                     (503, "Updated Title"), (524, "en"), (113, "B00TEST")])
        let withMetadata = try ReflowDocument(path: try TestBooks.write(described, named: "described.mobi", in: folder))
        XCTAssertTrue(withMetadata.pageText(1).contains("Text in a PalmDOC record."))
        XCTAssertEqual(withMetadata.metadata, ReflowMetadata(
            title: "Updated Title", creators: [ReflowCreator(name: "Ann Author", role: "aut"), ReflowCreator(name: "Bob Author", role: "aut")],
            language: "en", identifiers: ["isbn": "978-0-00-000000-2", "asin": "B00TEST"], isbn: "9780000000002",
            publisher: "Pub House", date: "2019-05-04", subjects: ["Fiction"]))
    }

    func testAMOBIsCoverIsItsEXTHCoverRecord() throws {
        let html = "<html><head><title>Mobi Book</title></head><body><p>Text in a PalmDOC record.</p></body></html>"
        let picture = TestBooks.png(width: 30, height: 40, color: RGB(red: 200, green: 30, blue: 30))
        let book = Self.mobi(html: html, exth: [(100, "Ann Author")], cover: picture)
        let document = try ReflowDocument(path: try TestBooks.write(book, named: "covered.mobi", in: folder))
        XCTAssertTrue(document.pageText(1).contains("Text in a PalmDOC record."), "the text is read as before")
        let cover = try XCTUnwrap(document.coverImage(maxPixels: 200))
        XCTAssertEqual(cover.width, 30)
        XCTAssertEqual(cover.height, 40)
        XCTAssertEqual(cover.pixel(x: 15, y: 20), RGB(red: 200, green: 30, blue: 30))
        // Without one, the first page stands for it (coverImage nil).
        let bare = try ReflowDocument(path: try TestBooks.write(Self.mobi(html: html, exth: [(100, "Ann Author")]), named: "bare.mobi", in: folder))
        XCTAssertNil(bare.coverImage(maxPixels: 200))
    }

    func testZippedFB2() throws {
        let fb2 = Array(Self.fb2(cover: TestBooks.png(width: 10, height: 10, color: .black)).utf8)
        let zip = TestZip.make([TestZip.Entry("Strugatsky - Roadside Picnic.fb2", fb2)])
        let document = try ReflowDocument(path: try TestBooks.write(zip, named: "picnic.fb2.zip", in: folder))
        XCTAssertEqual(document.format, .fb2)
        XCTAssertEqual(document.metadata.title, "Roadside Picnic")
        XCTAssertEqual(document.metadata.series, "Noon Universe")
        XCTAssertNotNil(document.coverImage(maxPixels: 10))
        XCTAssertTrue(document.pageText(2).contains("Line 1 of chapter 1"))
    }

    func testCBZPagesAreItsImagesWhateverTheLayout() throws {
        let colors = [RGB(red: 255, green: 0, blue: 0), RGB(red: 0, green: 128, blue: 0), RGB(red: 0, green: 0, blue: 255)]
        let zip = TestZip.make([
            TestZip.Entry("comic/03.png", TestBooks.png(width: 100, height: 150, color: colors[2])),
            TestZip.Entry("comic/01.png", TestBooks.png(width: 100, height: 150, color: colors[0])),
            TestZip.Entry("comic/02.png", TestBooks.png(width: 200, height: 100, color: colors[1])),
            TestZip.Entry("ComicInfo.xml", """
                <?xml version="1.0"?>
                <ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
                  <Title>Colours</Title><Series>Primary</Series><Number>2</Number>
                  <Writer>Ann Writer</Writer><Penciller>Pat Pencil, Ink Blot</Penciller><Publisher>Hue Press</Publisher>
                  <Year>2021</Year><Month>3</Month><LanguageISO>en</LanguageISO>
                  <Summary>Red, green\u{7}, blue.</Summary><Genre>Art, Science</Genre>
                </ComicInfo>
                """),
        ])
        // Named .zip: the entries (images) make it a comic.
        let document = try ReflowDocument(path: try TestBooks.write(zip, named: "colours.zip", in: folder))
        XCTAssertEqual(document.format, .cbz)
        XCTAssertEqual(document.pageCount, 3)
        XCTAssertEqual(document.metadata, ReflowMetadata(
            title: "Colours", creators: [ReflowCreator(name: "Ann Writer", role: "aut"), ReflowCreator(name: "Pat Pencil", role: "ill"),
                                         ReflowCreator(name: "Ink Blot", role: "ill")],
            language: "en", publisher: "Hue Press", date: "2021-03", description: "Red, green , blue.",
            subjects: ["Art", "Science"], series: "Primary", seriesIndex: 2))
        for (page, color) in colors.enumerated() {
            let size = document.pixelSize(page: page + 1, fittingWidth: 50, height: 50)
            let image = try document.render(page: page + 1, width: size.width, height: size.height)
            XCTAssertEqual(image.pixel(x: size.width / 2, y: size.height / 2), color, "page \(page + 1) in name order")
        }
        XCTAssertEqual(document.pixelSize(page: 2, fittingWidth: 50, height: 50).width, 50)
        XCTAssertEqual(document.pixelSize(page: 2, fittingWidth: 50, height: 50).height, 25)
        let cover = try XCTUnwrap(document.coverImage(maxPixels: 30))
        XCTAssertEqual(cover.height, 30)
        XCTAssertEqual(cover.pixel(x: 10, y: 15), colors[0], "the first page is a comic's cover")
        try document.relayout(ReflowLayout(width: 200, height: 200, fontSize: 30))
        XCTAssertEqual(document.pageCount, 3, "fixed pages do not reflow")
        XCTAssertEqual(document.page(at: document.position(ofPage: 3)), 3)
        XCTAssertEqual(document.pageText(1), "")
    }

    func testXPSFixedPages() throws {
        let page = """
            <FixedPage xmlns="http://schemas.microsoft.com/xps/2005/06" Width="400" Height="200" xml:lang="en-US">
              <Path Data="M 0,0 L 200,0 L 200,200 L 0,200 Z" Fill="#FF0000FF"/>
            </FixedPage>
            """
        let zip = TestZip.make([
            TestZip.Entry("[Content_Types].xml", """
                <Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
                <Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
                <Default Extension="fdseq" ContentType="application/vnd.ms-package.xps-fixeddocumentsequence+xml"/>
                <Default Extension="fdoc" ContentType="application/vnd.ms-package.xps-fixeddocument+xml"/>
                <Default Extension="fpage" ContentType="application/vnd.ms-package.xps-fixedpage+xml"/></Types>
                """),
            TestZip.Entry("_rels/.rels", """
                <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
                <Relationship Id="R1" Type="http://schemas.microsoft.com/xps/2005/06/fixedrepresentation" Target="/FixedDocumentSequence.fdseq"/>
                </Relationships>
                """),
            TestZip.Entry("FixedDocumentSequence.fdseq", """
                <FixedDocumentSequence xmlns="http://schemas.microsoft.com/xps/2005/06">
                <DocumentReference Source="/Documents/1/FixedDocument.fdoc"/></FixedDocumentSequence>
                """),
            TestZip.Entry("Documents/1/FixedDocument.fdoc", """
                <FixedDocument xmlns="http://schemas.microsoft.com/xps/2005/06">
                <PageContent Source="/Documents/1/Pages/1.fpage"/><PageContent Source="/Documents/1/Pages/2.fpage"/></FixedDocument>
                """),
            TestZip.Entry("Documents/1/Pages/1.fpage", page),
            TestZip.Entry("Documents/1/Pages/2.fpage", page),
        ])
        let document = try ReflowDocument(path: try TestBooks.write(zip, named: "pages.xps", in: folder))
        XCTAssertEqual(document.format, .xps)
        XCTAssertEqual(document.pageCount, 2)
        let size = document.pixelSize(page: 1, fittingWidth: 100, height: 100)
        XCTAssertEqual(size.width, 100)
        XCTAssertEqual(size.height, 50)
        let image = try document.render(page: 1, width: 100, height: 50)
        XCTAssertEqual(image.pixel(x: 25, y: 25), RGB(red: 0, green: 0, blue: 255), "the left half is filled")
        XCTAssertEqual(image.pixel(x: 75, y: 25), .white)
    }

    func testXHTMLAndHTMLFiles() throws {
        let xhtml = Array(TestBooks.chapter("A Chapter File").utf8)
        let fromFile = try ReflowDocument(path: try TestBooks.write(xhtml, named: "chapter.xhtml", in: folder))
        XCTAssertEqual(fromFile.format, .xhtml)
        XCTAssertEqual(fromFile.metadata.title, "A Chapter File")
        XCTAssertTrue(fromFile.pageText(1).contains("Paragraph 2 of A Chapter File"))
        // HTML that is no XML (unclosed tags, an HTML entity): MuPDF lays it out all the same.
        let html = Array("<!DOCTYPE html><html><head><title>Loose</title></head><body><p>One&nbsp;line<p>Another <b>line".utf8)
        let loose = try ReflowDocument(path: try TestBooks.write(html, named: "loose.html", in: folder))
        XCTAssertEqual(loose.format, .xhtml)
        XCTAssertEqual(loose.metadata.title, "Loose", "read by the HTML5 parser when the XML one gives up")
        XCTAssertTrue(loose.pageText(1).contains("Another line"), loose.pageText(1))
    }

    func testAFileNameThatIsNotUTF8() throws {
        // "café.epub" in Latin-1: FileNames carries the byte 0xE9 in the String, and the system must get it back.
        let bytes = Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".epub".utf8)
        let path = FileName.string(bytes)
        XCTAssertTrue(FileName.hasRawBytes(path))
        let epub = TestBooks.epub(opf: TestBooks.opf(metadata: "<dc:title>Latin-1</dc:title>"))
        let descriptor = FileName.withCString(path) { open($0, O_WRONLY | O_CREAT | O_TRUNC, 0o600) }
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        XCTAssertEqual(epub.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }, epub.count)
        close(descriptor)
        let document = try ReflowDocument(path: path)
        XCTAssertEqual(document.metadata.title, "Latin-1")
        XCTAssertTrue(document.pageText(1).contains("Chapter One"))
    }

    func testXHTMLGivenAsBytes() throws {
        let paragraphs = (1...60).map { "<p>Paragraph \($0): It was a dark and stormy night; the rain fell in torrents.</p>" }
        let xhtml = """
            <?xml version="1.0" encoding="utf-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml"><head><title>A Dark\tand Stormy Night</title></head>
            <body><h1>Chapter the First</h1>\(paragraphs.joined(separator: "\n"))</body></html>
            """
        let document = try ReflowDocument(xhtml: Array(xhtml.utf8))
        XCTAssertEqual(document.format, .xhtml)
        XCTAssertEqual(document.metadata.title, "A Dark and Stormy Night")
        XCTAssertGreaterThan(document.pageCount, 1)
        XCTAssertTrue(document.pageText(1).hasPrefix("Chapter the First\n"), document.pageText(1))
        let hits = document.find("STORMY", page: 1)
        XCTAssertGreaterThan(hits.count, 3)
        XCTAssertTrue(hits.allSatisfy { $0.x >= 0 && $0.x + $0.width <= 1 && $0.y >= 0 && $0.y + $0.height <= 1 })
        let reference = document.pageCount
        try document.relayout(ReflowLayout(width: 200, height: 300, fontSize: 16))
        XCTAssertGreaterThan(document.pageCount, reference)
        let position = document.position(ofPage: document.pageCount / 2)
        try document.relayout(.reference)
        XCTAssertEqual(document.pageCount, reference)
        let page = document.page(at: position)
        XCTAssertTrue((1...reference).contains(page))
        XCTAssertThrowsError(try ReflowDocument(xhtml: [])) { XCTAssertEqual($0 as? ReflowError, .empty) }
    }

    func testEPUB2MetadataSeriesAndGuideCover() throws {
        let opf = TestBooks.opf(metadata: """
            <dc:title>The\u{1B}Title</dc:title>
            <dc:creator opf:role="ill" opf:file-as="Doe, Jane">Jane Doe</dc:creator>
            <dc:creator opf:file-as="Roe, Richard">Richard Roe</dc:creator>
            <dc:language>de</dc:language>
            <dc:identifier opf:scheme="ISBN">3-16-148410-X</dc:identifier>
            <dc:identifier opf:scheme="calibre">1234</dc:identifier>
            <dc:identifier>urn:uuid:0f4c2a7e-1111-2222-3333-444455556666</dc:identifier>
            <dc:date opf:event="modification">2020-01-01</dc:date>
            <dc:date opf:event="publication">2011-10-06</dc:date>
            <dc:description>&lt;p&gt;A &lt;b&gt;bold&lt;/b&gt; claim.&lt;/p&gt;</dc:description>
            <dc:subject>Fiction</dc:subject><dc:subject>Fiction</dc:subject><dc:subject>Mystery</dc:subject>
            <meta name="calibre:series" content="The Series"/>
            <meta name="calibre:series_index" content="2.5"/>
            """, manifest: """
            <item id="cover-page" href="cover.xhtml" media-type="application/xhtml+xml"/>
            <item id="art" href="images/art.png" media-type="image/png"/>
            """) .replacingOccurrences(of: "</package>", with: """
            <guide><reference type="cover" href="cover.xhtml" title="Cover"/></guide></package>
            """)
        let epub = TestBooks.epub(opf: opf, extra: [
            TestZip.Entry("OEBPS/cover.xhtml", "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><img src=\"images/art.png\"/></body></html>"),
            TestZip.Entry("OEBPS/images/art.png", TestBooks.png(width: 40, height: 20, color: RGB(red: 0, green: 0, blue: 200))),
        ])
        let document = try ReflowDocument(path: try TestBooks.write(epub, named: "book.epub", in: folder))
        let metadata = document.metadata
        XCTAssertEqual(metadata.title, "The Title")
        XCTAssertEqual(metadata.creators, [ReflowCreator(name: "Richard Roe", role: nil, fileAs: "Roe, Richard"),
                                           ReflowCreator(name: "Jane Doe", role: "ill", fileAs: "Doe, Jane")])
        XCTAssertEqual(metadata.isbn, "316148410X")
        XCTAssertEqual(metadata.identifiers, ["isbn": "3-16-148410-X", "calibre": "1234", "uuid": "0f4c2a7e-1111-2222-3333-444455556666"])
        XCTAssertEqual(metadata.date, "2011-10-06")
        XCTAssertEqual(metadata.description, "A bold claim.")
        XCTAssertEqual(metadata.subjects, ["Fiction", "Mystery"])
        XCTAssertEqual(metadata.series, "The Series")
        XCTAssertEqual(metadata.seriesIndex, 2.5)
        let cover = try XCTUnwrap(document.coverImage(maxPixels: 100))
        XCTAssertEqual(cover.width, 40)
        XCTAssertEqual(cover.height, 20)
        XCTAssertEqual(cover.pixel(x: 20, y: 10), RGB(red: 0, green: 0, blue: 200))
        // No nav and no NCX: MuPDF has no outline either.
        XCTAssertEqual(document.outline(), [])
    }

    func testEPUB2NCXOutlineAndPageList() throws {
        let ncx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head/><docTitle><text>T</text></docTitle>
            <navMap>
              <navPoint id="n1" playOrder="1"><navLabel><text>First</text></navLabel><content src="one.xhtml"/>
                <navPoint id="n2" playOrder="2"><navLabel><text>Inside first</text></navLabel><content src="one.xhtml#p12"/></navPoint>
              </navPoint>
              <navPoint id="n3" playOrder="3"><navLabel><text>Second</text></navLabel><content src="two.xhtml"/></navPoint>
            </navMap>
            <pageList><pageTarget id="p1" type="normal" value="7"><navLabel><text>7</text></navLabel><content src="one.xhtml#p1"/></pageTarget>
              <pageTarget id="p2" type="normal" value="8"><navLabel><text>8</text></navLabel><content src="two.xhtml#p1"/></pageTarget></pageList>
            </ncx>
            """
        let opf = TestBooks.opf(metadata: "<dc:title>Two</dc:title>", manifest: """
            <item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
            """).replacingOccurrences(of: "<spine>", with: "<spine toc=\"ncx\">")
        let document = try ReflowDocument(path: try TestBooks.write(TestBooks.epub(opf: opf, extra: [TestZip.Entry("OEBPS/toc.ncx", ncx)]),
                                                                    named: "two.epub", in: folder))
        let outline = document.outline()
        XCTAssertEqual(outline.map(\.title), ["First", "Inside first", "Second"], "MuPDF's outline, from the NCX")
        XCTAssertEqual(outline.map(\.depth), [0, 1, 0])
        let pages = outline.compactMap(\.page)
        XCTAssertEqual(pages.count, 3)
        XCTAssertEqual(pages[0], 1)
        XCTAssertTrue(document.pageText(pages[2]).contains("Chapter Two"))
        let labels = document.pageLabels()
        XCTAssertEqual(labels.first, "7")
        XCTAssertEqual(labels[pages[2] - 1], "8")
        XCTAssertEqual(labels[pages[2] - 2], "7", "the last page of chapter one carries 7")
    }

    func testEPUB3RefinementsCollectionsNavAndPageList() throws {
        let opf = TestBooks.opf(metadata: """
            <dc:title>Refined</dc:title>
            <dc:creator id="c1">Ann Author</dc:creator>
            <meta refines="#c1" property="role" scheme="marc:relators">aut</meta>
            <meta refines="#c1" property="file-as">Author, Ann</meta>
            <dc:identifier id="uid">urn:isbn:9780000000002</dc:identifier>
            <meta property="belongs-to-collection" id="s1">Saga</meta>
            <meta refines="#s1" property="collection-type">series</meta>
            <meta refines="#s1" property="group-position">3</meta>
            """, manifest: """
            <item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
            <item id="pic" href="pic.png" media-type="image/png" properties="cover-image"/>
            """)
        let nav = """
            <?xml version="1.0" encoding="utf-8"?>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><body>
            <nav epub:type="toc"><ol>
              <li><a href="one.xhtml">Chapter <i>One</i></a><ol><li><a href="one.xhtml#p15">Deep in one</a></li></ol></li>
              <li><a href="two.xhtml#top">Chapter Two</a></li>
            </ol></nav>
            <nav epub:type="page-list"><ol>
              <li><a href="one.xhtml#p1">i</a></li><li><a href="one.xhtml#p2">ii</a></li>
              <li><a href="two.xhtml#p1">1</a></li>
            </ol></nav></body></html>
            """
        let epub = TestBooks.epub(opf: opf, extra: [
            TestZip.Entry("OEBPS/nav.xhtml", nav),
            TestZip.Entry("OEBPS/pic.png", TestBooks.png(width: 300, height: 600, color: RGB(red: 0, green: 200, blue: 0))),
        ])
        let document = try ReflowDocument(path: try TestBooks.write(epub, named: "refined.epub", in: folder))
        XCTAssertEqual(document.metadata.creators, [ReflowCreator(name: "Ann Author", role: "aut", fileAs: "Author, Ann")])
        XCTAssertEqual(document.metadata.isbn, "9780000000002")
        XCTAssertEqual(document.metadata.series, "Saga")
        XCTAssertEqual(document.metadata.seriesIndex, 3)
        let outline = document.outline()
        XCTAssertEqual(outline.map(\.title), ["Chapter One", "Deep in one", "Chapter Two"])
        XCTAssertEqual(outline.map(\.depth), [0, 1, 0])
        let pages = outline.compactMap(\.page)
        XCTAssertEqual(pages.count, 3)
        XCTAssertEqual(pages[0], 1)
        XCTAssertGreaterThanOrEqual(pages[1], pages[0])
        XCTAssertGreaterThan(pages[2], pages[1])
        XCTAssertTrue(document.pageText(pages[2]).contains("Chapter Two"))
        let labels = document.pageLabels()
        XCTAssertEqual(labels.count, document.pageCount)
        XCTAssertEqual(labels[0], "i", "a page holding two targets takes the first")
        XCTAssertEqual(labels[pages[2] - 1], "1")
        if pages[2] > 2 { XCTAssertEqual(labels[1], "ii", "a page without a target carries the last one") }
        let cover = try XCTUnwrap(document.coverImage(maxPixels: 100))
        XCTAssertEqual(cover.width, 50)
        XCTAssertEqual(cover.height, 100)
    }
}
