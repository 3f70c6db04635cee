import Foundation
@testable import PDF
import TestSupport
import XCTest

/// A page's text, boxes and font sizes read in one pass of poppler's
/// TextOutputDev (PageText) are poppler-glib's, byte for byte and box for box
/// (get_text_for_area, get_text_layout_for_area, get_text_attributes_for_area), on every page
/// of the SampleBooks, the real-world corpus (its encrypted files with their
/// passwords, its malformed ones) and, when `IBOOK_ONEPASS_PDFS` names a
/// folder, every PDF in it (the bench's Debian manuals); opened from a mapping
/// as the workers of `add` open files, and from the file.
final class OnePassTextTests: XCTestCase {
    /// The corpus's encrypted files and their user passwords (its README).
    private let passwords = [
        "pdfjs--issue6010_2.pdf": "æøå", "pdfjs--issue21579.pdf": "pässwört", "pdfminer--aes-256-r6.pdf": "usersecret",
        "pdfminer--rc4-40.pdf": "baz", "pypdf--libreoffice-writer-password.pdf": "openpassword",
    ]

    private struct Tally {
        var files = 0, pages = 0, bytes = 0, boxes = 0, withoutLayout = 0
        var differences: [String] = []
    }

    private func pdfs(under folder: URL) -> [URL] {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.filter { $0.pathExtension.lowercased() == "pdf" }.sorted { $0.path < $1.path }
    }

    /// Every page of `file` both ways; what differs goes into `tally`.
    private func compare(_ file: URL, mapped: Bool, into tally: inout Tally) {
        let password = passwords[file.lastPathComponent]
        guard let document = try? PDFDocument(path: file.path, password: password, mapped: mapped) else { return }
        let name = "\(file.lastPathComponent)\(mapped ? " (mapped)" : "")"
        guard document.pageText != nil else {
            tally.differences.append("\(name): PageText cannot open what poppler-glib opened")
            return
        }
        tally.files += 1
        for index in 0..<document.pageCount {
            guard let page = document.page(at: index) else { continue }
            let glib = page.withSelectionText { text, boxes in (text, boxes.map(Array.init)) }
            let onePass = page.withPopplerText { text, boxes in (text, boxes.map(Array.init)) }
            tally.pages += 1
            tally.bytes += glib.0.utf8.count
            tally.boxes += glib.1?.count ?? 0
            if glib.1 == nil { tally.withoutLayout += 1 }
            if !onePass.0.utf8.elementsEqual(glib.0.utf8) {
                let at = zip(onePass.0.utf8, glib.0.utf8).prefix { $0 == $1 }.count
                tally.differences.append("\(name) p. \(index + 1): text differs at byte \(at) of \(glib.0.utf8.count)")
            } else if (onePass.1 == nil) != (glib.1 == nil) {
                tally.differences.append("\(name) p. \(index + 1): layout \(onePass.1 == nil ? "missing" : "where poppler-glib has none")")
            } else if let ours = onePass.1, let theirs = glib.1, !ours.elementsEqual(theirs, by: Self.sameBox) {
                let at = zip(ours, theirs).prefix(while: Self.sameBox).count
                tally.differences.append("\(name) p. \(index + 1): box \(at) of \(theirs.count) differs (\(ours.count) boxes)")
            } else if let ours = page.withOnePass({ _, _, sizes in Array(sizes) }),
                      !ours.map(\.bitPattern).elementsEqual(page.selectionFontSizes().map(\.bitPattern)) {
                tally.differences.append("\(name) p. \(index + 1): font sizes differ")
            }
        }
    }

    /// The same doubles, bit for bit.
    private static func sameBox(_ a: PageTextBox, _ b: PageTextBox) -> Bool {
        a.x1.bitPattern == b.x1.bitPattern && a.y1.bitPattern == b.y1.bitPattern
            && a.x2.bitPattern == b.x2.bitPattern && a.y2.bitPattern == b.y2.bitPattern
    }

    func testSampleBooksReadTheSameInOnePass() {
        var tally = Tally()
        for file in pdfs(under: Fixtures.sampleBooks) {
            compare(file, mapped: true, into: &tally)
            compare(file, mapped: false, into: &tally)
        }
        XCTAssertGreaterThan(tally.pages, 780, "the SampleBooks' 393 pages, twice")
        XCTAssertTrue(tally.differences.isEmpty, tally.differences.prefix(40).joined(separator: "\n"))
    }

    func testEveryPageOfTheRealCorpusReadsTheSameInOnePass() throws {
        let corpus = try Fixtures.requireCorpus("its real-world PDFs")
        var tally = Tally()
        for file in pdfs(under: corpus) {
            // The workers of add map files only without a password; here both ways, to compare more.
            compare(file, mapped: true, into: &tally)
            compare(file, mapped: false, into: &tally)
        }
        print("one pass against poppler-glib: \(tally.files) openings, \(tally.pages) pages, \(tally.bytes) bytes of text, "
              + "\(tally.boxes) boxes, \(tally.withoutLayout) pages without layout")
        XCTAssertGreaterThan(tally.pages, 1_200, "the corpus's 633 pages, twice")
        XCTAssertGreaterThan(tally.withoutLayout, 0, "scans: pages with no text and no layout")
        XCTAssertTrue(tally.differences.isEmpty, "\(tally.differences.count) differences:\n" + tally.differences.prefix(40).joined(separator: "\n"))
    }

    /// The bench's manuals or any other folder of PDFs, when asked for.
    func testEveryPageOfTheNamedFolderReadsTheSameInOnePass() throws {
        guard let folder = ProcessInfo.processInfo.environment["IBOOK_ONEPASS_PDFS"] else {
            throw XCTSkip("IBOOK_ONEPASS_PDFS names no folder of PDFs to compare")
        }
        var tally = Tally()
        for file in pdfs(under: URL(fileURLWithPath: folder)) { compare(file, mapped: true, into: &tally) }
        print("one pass against poppler-glib in \(folder): \(tally.files) files, \(tally.pages) pages, \(tally.bytes) bytes of text, "
              + "\(tally.boxes) boxes")
        XCTAssertGreaterThan(tally.pages, 0)
        XCTAssertTrue(tally.differences.isEmpty, "\(tally.differences.count) differences:\n" + tally.differences.prefix(40).joined(separator: "\n"))
    }

    func testAPageThatIsNotThereIsAnErrorAndTheDocumentGoesOn() throws {
        let document = try PDFDocument(path: Fixtures.sampleBook("lighthouses.pdf"), mapped: true)
        let pageText = try XCTUnwrap(document.pageText)
        let area = PageTextBox(x1: 0, y1: 0, x2: 612, y2: 792)
        XCTAssertThrowsError(try pageText.read(page: document.pageCount, area: area) { text, _, _ in text }) { error in
            XCTAssertEqual((error as? PDFError)?.description, "is damaged (page \(document.pageCount + 1) cannot be read)")
        }
        XCTAssertFalse(try pageText.read(page: 0, area: area) { text, _, _ in text }.isEmpty)
    }

    func testAFileThatIsNotAPDFIsDamagedAndAPasswordIsAsked() throws {
        let folder = try Fixtures.temporaryDirectory("onepass")
        defer { try? FileManager.default.removeItem(at: folder) }
        let junk = folder.appendingPathComponent("junk.pdf")
        try Data("%PDF-1.4\nnothing else".utf8).write(to: junk)
        XCTAssertThrowsError(try PageTextDocument(path: junk.path, password: nil)) { error in
            guard case .damaged(let reason)? = error as? PDFError else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.hasPrefix("poppler cannot open it"), reason)
        }
        let corpus = try Fixtures.requireCorpus("an encrypted PDF")
        let locked = corpus.appendingPathComponent("hostile/encrypted/pdfminer--rc4-40.pdf").path
        XCTAssertThrowsError(try PageTextDocument(path: locked, password: nil)) { XCTAssertEqual($0 as? PDFError, .passwordRequired) }
        XCTAssertThrowsError(try PageTextDocument(path: locked, password: "nope")) { XCTAssertEqual($0 as? PDFError, .wrongPassword) }
        XCTAssertNoThrow(try PageTextDocument(path: locked, password: "baz"))
    }
}
