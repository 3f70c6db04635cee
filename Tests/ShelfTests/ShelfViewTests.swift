import Foundation
import Shelf
import XCTest

/// What the shelf says about a book, cut to the cells it has.
final class ShelfViewTests: XCTestCase {
    private func item(lastPage: Int? = nil, tags: [String] = [], bookmarks: Int = 0) -> ShelfItem {
        ShelfItem(id: 1, title: "A Field Guide to Lighthouses", author: "Ada Lovelace", pageCount: 40,
                  addedAt: Date(timeIntervalSince1970: 0), lastPage: lastPage, lastRead: lastPage.map { _ in Date() },
                  tags: tags, bookmarks: bookmarks)
    }

    func testProgressIsNewForAnUnreadBookElseThePartRead() {
        XCTAssertEqual(item().progress, "new")
        XCTAssertEqual(item(lastPage: 1).progress, "2%")
        XCTAssertEqual(item(lastPage: 20).progress, "50%")
        XCTAssertEqual(item(lastPage: 39).progress, "97%")
        XCTAssertEqual(item(lastPage: 40).progress, "100%")
    }

    func testCaptionsAreCutToTheCell() {
        XCTAssertEqual(ShelfView.captions(item(lastPage: 20), width: 12), ["A Field Gui…", "Ada Lovelace", "50%"])
    }

    func testAListLineFitsTheWidthWithProgressAtTheRight() {
        let line = ShelfView.listLine(item(), selected: true, columns: 30)
        XCTAssertEqual(line.count, 30)
        XCTAssertTrue(line.hasPrefix("▶ A Field Guide"), line)
        XCTAssertTrue(line.hasSuffix("  new"), line)
        XCTAssertTrue(ShelfView.listLine(item(lastPage: 40), selected: false, columns: 80).hasPrefix("  A Field Guide to Lighthouses — Ada Lovelace "))
    }

    func testDetailsNameTitleAuthorPagesTagsAndBookmarks() {
        XCTAssertEqual(ShelfView.details(item(lastPage: 5, tags: ["optics", "sea"], bookmarks: 2), columns: 200),
                       "A Field Guide to Lighthouses — Ada Lovelace · 40 pages · stopped on page 5 · tags: optics, sea · 2 bookmarks")
        XCTAssertEqual(ShelfView.details(item(bookmarks: 1), columns: 200),
                       "A Field Guide to Lighthouses — Ada Lovelace · 40 pages · 1 bookmark")
        XCTAssertEqual(ShelfView.details(item(), columns: 20), "A Field Guide to Li…")
        XCTAssertEqual(ShelfView.details(nil, columns: 20), "")
    }

    func testTheStatusLineShowsThePromptElseTheFilterAndOrder() {
        let grid = ShelfGrid(screenColumns: 80, screenRows: 20, cellAspect: 0.5, covers: false)
        var state = ShelfState(items: [item()], grid: grid)
        XCTAssertEqual(ShelfView.statusLine(state, columns: 80).trimmingCharacters(in: .whitespaces),
                       "Shelf: book 1 of 1 · sorted by recent · ? search · H keys")
        ShelfUpdate.filtered("tag:sea", ids: [1], &state)
        XCTAssertTrue(ShelfView.statusLine(state, columns: 80).contains("filter: tag:sea"))
        state.prompt = "author:ada"
        XCTAssertTrue(ShelfView.statusLine(state, columns: 80).hasPrefix("/author:ada "))
        XCTAssertEqual(ShelfView.statusLine(state, columns: 80).count, 80)
    }
}
