import Foundation
import TestSupport
import XCTest

/// `ibook search` on typeset PDFs, through the real binary: what it matches and `--exact`.
final class SearchMatchingCommandTests: XCTestCase {
    func testSearchFindsHyphenatedLigaturedAndInflectedWordsAndExactTurnsStemmingOff() throws {
        let library = try TestLibrary("search-matching")
        let english = try TypesetBooks.make(.english, in: library.root)
        let inflected = try TypesetBooks.make(.englishInflected, in: library.root)
        XCTAssertEqual(try library.ibook("add", english, inflected).status, 0)

        let copyright = try library.ibook("search", "--book", "english", "copyright")
        XCTAssertEqual(copyright.status, 0, copyright.stderr)
        XCTAssertTrue(copyright.stdout.contains("[copyright]"), copyright.stdout)
        XCTAssertEqual(copyright.stderr, "1 match on 1 page\n")

        let office = try library.ibook("search", "--all", "libreoffice")
        XCTAssertTrue(office.stdout.contains("[LibreOﬀice]"), office.stdout)

        let stemmed = try library.ibook("search", "--all", "configure")
        XCTAssertEqual(stemmed.stderr, "8 matches on 2 pages in 2 books\n", stemmed.stdout)
        let exact = try library.ibook("search", "--all", "--exact", "configuration")
        XCTAssertEqual(exact.stderr, "1 match on 1 page in 1 book\n", exact.stdout)
        XCTAssertTrue(exact.stdout.hasPrefix("#1 english\n"), exact.stdout)

        let help = try library.ibook("search", "--help")
        XCTAssertTrue(help.stdout.contains("--exact"), help.stdout)
    }
}
