@testable import BookLibrary
import XCTest

/// Author fields as LaTeX, groff and SiSU write them, made into the list a person writes.
final class AuthorListTests: XCTestCase {
    func testSeparatorsRepeatsAndAddressesGo() {
        XCTAssertEqual(AuthorList.cleaned("Deri James, and, Peter Schaffter,"), "Deri James, Peter Schaffter")
        XCTAssertEqual(AuthorList.cleaned("Rosemary Winspeare,Rosemary Winspeare,Joe Chang, and, Brad Hegel Connors,"),
                       "Rosemary Winspeare, Joe Chang, Brad Hegel Connors")
        XCTAssertEqual(AuthorList.cleaned("Cicéron,"), "Cicéron")
        XCTAssertEqual(AuthorList.cleaned("Live Systems Project <debian-live@lists.debian.org>"), "Live Systems Project")
        XCTAssertEqual(AuthorList.cleaned("Ann Smith ann@example.org; Bob Jones"), "Ann Smith, Bob Jones")
        XCTAssertNil(AuthorList.cleaned(" , and, "))
        XCTAssertEqual(AuthorList.cleaned("A. Smith"), "A. Smith", "a name alone is kept as it is")
    }

    func testAnAddressGluedToANameIsMendedFromTheByline() {
        let glued = "Lucas Nussbaumpackaging-tutorial@packages.debian.org"
        XCTAssertEqual(AuthorList.cleaned(glued, pageAuthors: ["Lucas Nussbaum"]), "Lucas Nussbaum")
        XCTAssertEqual(AuthorList.cleaned(glued), "Lucas", "without a byline only the address can go")
    }

    func testAGeneratorsPrefixLeavesTheTitle() {
        XCTAssertEqual(TitleJudge.withoutGeneratorPrefix("SiSU: - Live Systems Manual"), "Live Systems Manual")
        XCTAssertEqual(TitleJudge.withoutGeneratorPrefix("Unix: A History - Part 2"), "Unix: A History - Part 2")
        XCTAssertEqual(TitleJudge.withoutGeneratorPrefix("Dune: - "), "")
        XCTAssertFalse(TitleJudge.isGood(title: "1 Front Matter", fileName: "arm2012"))
    }
}
