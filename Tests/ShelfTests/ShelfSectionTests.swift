import Foundation
import Shelf
import TerminalIO
import XCTest

/// The sections on the keys 1 to 4, as iBooks' tabs: Reading now, the
/// whole library, the collections, every bookmark.
final class ShelfSectionTests: XCTestCase {
    private let grid = ShelfGrid(screenColumns: 80, screenRows: 5, cellAspect: 0.5, covers: false)

    /// Four books; 2 and 3 read; two collections; three bookmarks.
    private func state() -> ShelfState {
        let items = (1...4).map { id in
            ShelfItem(id: id, title: "Book \(id)", author: "", pageCount: 100, addedAt: Date(timeIntervalSince1970: Double(id) * 100),
                      lastPage: [2: 10, 3: 20][id], lastRead: [2: Date(timeIntervalSince1970: 1_000), 3: Date(timeIntervalSince1970: 2_000)][id])
        }
        var state = ShelfState(items: items, grid: grid)
        state.setCollections([ShelfCollection(name: "Course", bookIDs: [4, 1]), ShelfCollection(name: "Empty", bookIDs: [])],
                             bookmarks: [ShelfHit(bookID: 4, title: "Book 4", page: 7, before: "", match: "", after: "the proof"),
                                         ShelfHit(bookID: 1, title: "Book 1", page: 33, label: "xxx", before: "", match: "", after: "")])
        return state
    }

    @discardableResult
    private func press(_ keys: [Key], _ state: inout ShelfState) -> [ShelfEffect] {
        var effects: [ShelfEffect] = []
        for key in keys { effects = ShelfUpdate.handle(key, &state) }
        return effects
    }

    func testOneShowsTheBooksBeingReadAndTwoThemAll() {
        var shelf = state()
        XCTAssertEqual(shelf.shown.map(\.id), [3, 2, 4, 1])
        press([.character("1")], &shelf)
        XCTAssertEqual(shelf.section, .readingNow)
        XCTAssertEqual(shelf.shown.map(\.id), [3, 2])
        XCTAssertTrue(ShelfView.statusLine(shelf, columns: 80).hasPrefix("Reading now: book 1 of 2"), ShelfView.statusLine(shelf, columns: 80))
        press([.character("2")], &shelf)
        XCTAssertEqual(shelf.shown.map(\.id), [3, 2, 4, 1])
        // Esc from Reading now goes back to the whole library before it quits.
        press([.character("1")], &shelf)
        XCTAssertEqual(press([.escape], &shelf), [.redraw])
        XCTAssertEqual(shelf.section, .library)
        XCTAssertEqual(press([.escape], &shelf), [.quit])
    }

    func testThreeListsCollectionsAndEnterShowsOnesBooks() {
        var shelf = state()
        press([.character("3")], &shelf)
        XCTAssertEqual(shelf.section, .collections)
        XCTAssertEqual(ShelfView.collectionLine(shelf.collections[0], selected: true, columns: 80), "▶ Course — 2 books")
        XCTAssertTrue(ShelfView.statusLine(shelf, columns: 80).hasPrefix("Collections: 1 of 2"))
        press([.down, .down], &shelf)
        XCTAssertEqual(shelf.selectedCollection, 1, "no further than the last")
        press([.up], &shelf)
        XCTAssertEqual(press([.enter], &shelf), [.redraw])
        XCTAssertEqual(shelf.section, .library)
        XCTAssertEqual(Set(shelf.shown.map(\.id)), [4, 1])
        XCTAssertTrue(ShelfView.statusLine(shelf, columns: 80).contains("filter: collection Course"))
        // Esc clears that filter as any other.
        press([.escape], &shelf)
        XCTAssertEqual(shelf.shown.count, 4)
        press([.character("3"), .down, .enter], &shelf)
        XCTAssertEqual(shelf.message, "Empty has no books")
    }

    func testFourListsEveryBookmarkAndEnterReadsAtIt() {
        var shelf = state()
        press([.character("4")], &shelf)
        XCTAssertEqual(shelf.hits?.isBookmarks, true)
        XCTAssertTrue(ShelfView.statusLine(shelf, columns: 80).hasPrefix("Bookmarks: 1 of 2"))
        let line = ShelfView.hitLine(shelf.hits!.hits[0], selected: true, columns: 40)
        XCTAssertEqual(line.head + line.match + line.tail, "▶ Book 4 · p. 7 · the proof")
        press([.down], &shelf)
        XCTAssertEqual(press([.enter], &shelf), [.openAt(bookID: 1, page: 33)])
        // Esc back to the books; 3 from the bookmarks goes straight to the collections.
        press([.escape], &shelf)
        XCTAssertNil(shelf.hits)
        press([.character("4"), .character("3")], &shelf)
        XCTAssertNil(shelf.hits)
        XCTAssertEqual(shelf.section, .collections)

        var none = ShelfState(items: [], grid: grid)
        press([.character("4")], &none)
        XCTAssertNil(none.hits)
        XCTAssertEqual(none.message, "No bookmarks yet: m in the reader (or ibook bookmark) sets one")
    }
}
