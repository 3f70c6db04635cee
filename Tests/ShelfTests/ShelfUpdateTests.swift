import Foundation
import Shelf
import TerminalIO
import XCTest

/// The shelf's keys as sequences on a state: what is selected, shown and
/// asked of the session after each.
final class ShelfUpdateTests: XCTestCase {
    private let day: TimeInterval = 86_400
    private let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// Ten books added a day apart (book 10 newest); books 3 and 7 opened, 7 last.
    private func library() -> [ShelfItem] {
        (1...10).map { id in
            ShelfItem(id: id, title: "Book \(["Zeta", "Alpha", "Mu", "Beta", "Kappa", "Eta", "Gamma", "Iota", "Delta", "Theta"][id - 1])",
                      author: ["Knuth", "Feynman", "", "Austen"][id % 4], pageCount: 100,
                      addedAt: start.addingTimeInterval(Double(id) * day),
                      lastPage: [3: 50, 7: 100][id], lastRead: [3: start.addingTimeInterval(20 * day), 7: start.addingTimeInterval(30 * day)][id])
        }
    }

    /// Four books across, two rows a screen: eight books a screen.
    private let grid = ShelfGrid(screenColumns: 72, screenRows: 30, cellAspect: 0.5, covers: true)

    private func state(_ items: [ShelfItem]? = nil) -> ShelfState {
        ShelfState(items: items ?? library(), grid: grid)
    }

    @discardableResult
    private func press(_ keys: [Key], _ state: inout ShelfState) -> [ShelfEffect] {
        var effects: [ShelfEffect] = []
        for key in keys { effects = ShelfUpdate.handle(key, &state) }
        return effects
    }

    private func ids(_ state: ShelfState) -> [Int] { state.shown.map(\.id) }

    func testTheGridHasFourColumnsAndTwoRows() {
        XCTAssertEqual(grid.columns, 4)
        XCTAssertEqual(grid.rows, 2)
        XCTAssertEqual(grid.perScreen, 8)
        XCTAssertEqual(grid.cellColumns, 18)
        XCTAssertEqual(grid.coverRows + ShelfGrid.captionRows + 1, grid.cellRows)
    }

    func testReadingNowComesFirstThenNewestAdded() {
        let shelf = state()
        XCTAssertEqual(ids(shelf), [7, 3, 10, 9, 8, 6, 5, 4, 2, 1])
        XCTAssertEqual(shelf.selectedItem?.id, 7, "the book read last is selected")
    }

    func testArrowsAndHjklMoveAlongRowsAndColumns() {
        var shelf = state()
        press([.right], &shelf)
        XCTAssertEqual(shelf.selected, 1)
        press([.character("l"), .character("l")], &shelf)
        XCTAssertEqual(shelf.selected, 3)
        // Right at a row's end goes on to the next row's first book.
        press([.right], &shelf)
        XCTAssertEqual(shelf.selected, 4)
        press([.character("k")], &shelf)
        XCTAssertEqual(shelf.selected, 0)
        press([.down, .character("j")], &shelf)
        XCTAssertEqual(shelf.selected, 8)
        press([.character("h"), .left], &shelf)
        XCTAssertEqual(shelf.selected, 6)
    }

    func testMovesStopAtTheEnds() {
        var shelf = state()
        press([.left, .up, .character("k")], &shelf)
        XCTAssertEqual(shelf.selected, 0)
        press([.character("G")], &shelf)
        XCTAssertEqual(shelf.selected, 9)
        press([.right, .down], &shelf)
        XCTAssertEqual(shelf.selected, 9)
        press([.character("g")], &shelf)
        XCTAssertEqual(shelf.selected, 0)
        // Down from the first row where the row below is short lands on the last book.
        press([.right, .right, .right, .down, .down], &shelf)
        XCTAssertEqual(shelf.selected, 9)
    }

    func testPagesMoveAScreenAndTheScreenFollowsTheSelection() {
        var shelf = state()
        XCTAssertEqual(shelf.onScreen, 0..<8)
        press([.right, .pageDown], &shelf)
        XCTAssertEqual(shelf.selected, 9)
        XCTAssertEqual(shelf.first, 8)
        XCTAssertEqual(shelf.onScreen, 8..<10)
        press([.pageUp], &shelf)
        XCTAssertEqual(shelf.selected, 1)
        XCTAssertEqual(shelf.first, 0)
        press([.end], &shelf)
        XCTAssertEqual(shelf.selected, 9)
        press([.home], &shelf)
        XCTAssertEqual(shelf.selected, 0)
    }

    func testEnterOpensTheSelectedBookAndQAndEscQuit() {
        var shelf = state()
        XCTAssertEqual(press([.right, .right, .enter], &shelf), [.open(bookID: 10)])
        XCTAssertEqual(press([.character("q")], &shelf), [.quit])
        XCTAssertEqual(press([.escape], &shelf), [.quit])
        XCTAssertEqual(press([.control("c")], &shelf), [.quit])
    }

    func testResizeReflowsTheGridAndKeepsTheSelection() {
        var shelf = state()
        press([.character("G")], &shelf)
        XCTAssertEqual(shelf.first, 8)
        // Twice as wide: eight across, sixteen a screen, every book on one screen.
        let wide = ShelfGrid(screenColumns: 144, screenRows: 30, cellAspect: 0.5, covers: true)
        XCTAssertEqual(wide.columns, 8)
        ShelfUpdate.resize(wide, &shelf)
        XCTAssertEqual(shelf.selectedItem?.id, 1)
        XCTAssertEqual(shelf.first, 0)
        XCTAssertEqual(shelf.onScreen, 0..<10)
        press([.up], &shelf)
        XCTAssertEqual(shelf.selected, 1, "up is eight books back on the wider grid")
        // Narrow and short: one across, one a screen.
        ShelfUpdate.resize(ShelfGrid(screenColumns: 20, screenRows: 10, cellAspect: 0.5, covers: true), &shelf)
        XCTAssertEqual(shelf.grid.perScreen, 1)
        XCTAssertEqual(shelf.onScreen, 1..<2)
        XCTAssertEqual(shelf.selectedItem?.id, 3)
    }

    func testWithoutCoversTheShelfIsAListOneBookALine() {
        let list = ShelfGrid(screenColumns: 80, screenRows: 6, cellAspect: 0.5, covers: false)
        XCTAssertEqual(list.columns, 1)
        XCTAssertEqual(list.perScreen, 6)
        var shelf = ShelfState(items: library(), grid: list)
        press([.down, .down], &shelf)
        XCTAssertEqual(shelf.selected, 2)
        press([.pageDown], &shelf)
        XCTAssertEqual(shelf.selected, 8)
        XCTAssertEqual(shelf.onScreen, 6..<10)
    }

    func testSortCyclesThroughRecentTitleAuthorAddedRatingAndKeepsTheSelection() {
        var shelf = state()
        press([.right], &shelf)  // book 3
        press([.character("s")], &shelf)
        XCTAssertEqual(shelf.sort, .title)
        XCTAssertEqual(shelf.shown.map(\.title).prefix(3), ["Book Alpha", "Book Beta", "Book Delta"])
        XCTAssertEqual(shelf.selectedItem?.id, 3, "the selection stays on its book")
        press([.character("s")], &shelf)
        XCTAssertEqual(shelf.sort, .author)
        XCTAssertEqual(shelf.shown.first?.author, "Austen")
        XCTAssertEqual(shelf.shown.last?.author, "", "books without an author last")
        press([.character("s")], &shelf)
        XCTAssertEqual(shelf.sort, .added)
        XCTAssertEqual(ids(shelf), [10, 9, 8, 7, 6, 5, 4, 3, 2, 1])
        press([.character("s")], &shelf)
        XCTAssertEqual(shelf.sort, .rating)
        XCTAssertEqual(ids(shelf), [10, 9, 8, 7, 6, 5, 4, 3, 2, 1], "no book rated: newest added first")
        press([.character("s")], &shelf)
        XCTAssertEqual(shelf.sort, .recent)
        XCTAssertEqual(ids(shelf), [7, 3, 10, 9, 8, 6, 5, 4, 2, 1])
    }

    func testRatingSortPutsTheMostStarsFirstAndUnratedBooksLast() {
        var items = library()
        for (id, stars) in [2: 3, 5: 5, 9: 3] { items[id - 1].rating = stars }
        var shelf = state(items)
        press([.character("s"), .character("s"), .character("s"), .character("s")], &shelf)
        XCTAssertEqual(shelf.sort, .rating)
        XCTAssertEqual(Array(ids(shelf).prefix(4)), [5, 9, 2, 10], "5 stars, then 3 newest added first, then the unrated")
    }

    func testIAsksForTheSelectedBooksDetailsAndAnyKeyClosesThem() {
        var shelf = state()
        press([.right], &shelf)
        XCTAssertEqual(press([.character("i")], &shelf), [.details(bookID: shelf.selectedItem!.id)])
        shelf.detailLines = ["Title  Book Mu"]
        XCTAssertEqual(press([.character("q")], &shelf), [.redraw], "q closes the panel, and does not quit")
        XCTAssertNil(shelf.detailLines)
    }

    func testCShowsTheCollectionsAsThreeDoes() {
        var byKey = state(), byNumber = state()
        press([.character("c")], &byKey)
        press([.character("3")], &byNumber)
        XCTAssertEqual(byKey.section, .collections)
        XCTAssertEqual(byKey.section, byNumber.section)
    }

    func testSlashTypesAQueryEnterAsksForItAndEscClearsIt() {
        var shelf = state()
        press([.character("/")], &shelf)
        XCTAssertEqual(shelf.prompt, "")
        let effects = press("tag:physicsx".map { .character($0) } + [.backspace, .enter], &shelf)
        XCTAssertEqual(effects, [.filter("tag:physics"), .redraw])
        XCTAssertNil(shelf.prompt)
        // The session answers with the books the query matched.
        ShelfUpdate.filtered("tag:physics", ids: [2, 4, 9], &shelf)
        XCTAssertEqual(ids(shelf), [9, 4, 2])
        XCTAssertEqual(shelf.selectedItem?.id, 9, "the selected book was filtered out: the first is selected")
        press([.character("G")], &shelf)
        XCTAssertEqual(shelf.selectedItem?.id, 2)
        // Esc clears the filter rather than quitting, and the selection stays.
        XCTAssertEqual(press([.escape], &shelf), [.redraw])
        XCTAssertNil(shelf.filter)
        XCTAssertEqual(shelf.shown.count, 10)
        XCTAssertEqual(shelf.selectedItem?.id, 2)
        XCTAssertEqual(press([.escape], &shelf), [.quit])
    }

    func testEscWhileTypingCancelsAndANoMatchQuerySaysSo() {
        var shelf = state()
        ShelfUpdate.filtered("author:knuth", ids: [2, 6], &shelf)
        press([.character("/")], &shelf)
        XCTAssertEqual(shelf.prompt, "author:knuth", "the query applied is there to edit")
        press([.escape], &shelf)
        XCTAssertNil(shelf.prompt)
        XCTAssertNil(shelf.filter)
        ShelfUpdate.filtered("nothing", ids: [], &shelf)
        XCTAssertTrue(shelf.shown.isEmpty)
        XCTAssertNil(shelf.selectedItem)
        XCTAssertEqual(shelf.message, "No book matches nothing")
        XCTAssertEqual(press([.enter], &shelf), [], "nothing to open")
        // An empty query shows every book again.
        ShelfUpdate.filtered("", ids: [], &shelf)
        XCTAssertEqual(shelf.shown.count, 10)
    }

    func testHShowsTheHelpAndAnyKeyClosesIt() {
        var shelf = state()
        press([.character("H")], &shelf)
        XCTAssertTrue(shelf.showingHelp)
        XCTAssertEqual(press([.character("q")], &shelf), [.redraw], "q closes the help, it does not quit")
        XCTAssertFalse(shelf.showingHelp)
        XCTAssertEqual(shelf.selected, 0)
    }

    func testAnEmptyLibraryHasNothingSelectedAndOnlyQuits() {
        var shelf = state([])
        XCTAssertNil(shelf.selectedItem)
        XCTAssertEqual(shelf.onScreen, 0..<0)
        for key: Key in [.right, .down, .pageDown, .character("G"), .enter, .character("s")] {
            _ = ShelfUpdate.handle(key, &shelf)
            XCTAssertNil(shelf.selectedItem)
        }
        XCTAssertEqual(press([.enter], &shelf), [])
        XCTAssertEqual(press([.character("q")], &shelf), [.quit])
    }

    func testReadingAgainMovesTheBookFirstAndKeepsItSelected() {
        var shelf = state()
        press([.character("G")], &shelf)  // book 1
        var items = library()
        items[0].lastPage = 12
        items[0].lastRead = start.addingTimeInterval(40 * day)
        shelf.setItems(items)
        XCTAssertEqual(ids(shelf).first, 1)
        XCTAssertEqual(shelf.selectedItem?.id, 1)
        XCTAssertEqual(shelf.selectedItem?.progress, "12%")
    }
}
