import Foundation
import Shelf
import TerminalIO
import XCTest

/// The mouse on the shelf: which book a cell is on, clicks, double clicks and the wheel.
final class ShelfMouseTests: XCTestCase {
    private func library(_ count: Int = 20) -> [ShelfItem] {
        (1...count).map { id in
            ShelfItem(id: id, title: "Book \(id)", author: "Author", pageCount: 100,
                      addedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(id) * 86_400), lastPage: nil, lastRead: nil)
        }
    }

    /// Four books across (cells of 18 columns), two rows of cells 15 rows tall: eight books a screen.
    private let grid = ShelfGrid(screenColumns: 72, screenRows: 30, cellAspect: 0.5, covers: true)
    /// A list: one book a line, 28 lines.
    private let list = ShelfGrid(screenColumns: 100, screenRows: 28, cellAspect: 0.5, covers: false)

    private func click(_ column: Int, _ row: Int) -> Key { .mouse(MouseEvent(button: .left, column: column, row: row)) }
    private func release(_ column: Int, _ row: Int) -> Key { .mouse(MouseEvent(button: .left, pressed: false, column: column, row: row)) }
    private let wheelDown = Key.mouse(MouseEvent(button: .wheelDown, column: 1, row: 1))
    private let wheelUp = Key.mouse(MouseEvent(button: .wheelUp, column: 1, row: 1))

    func testTheCellsOfAGridMapToItsBooks() {
        XCTAssertEqual([grid.columns, grid.rows, grid.cellColumns, grid.cellRows], [4, 2, 18, 15])
        XCTAssertEqual(grid.index(atRow: 1, column: 1, first: 0, count: 20), 0)
        XCTAssertEqual(grid.index(atRow: 15, column: 18, first: 0, count: 20), 0, "the blank line under the captions is the book's")
        XCTAssertEqual(grid.index(atRow: 1, column: 19, first: 0, count: 20), 1)
        XCTAssertEqual(grid.index(atRow: 16, column: 1, first: 0, count: 20), 4)
        XCTAssertEqual(grid.index(atRow: 30, column: 72, first: 8, count: 20), 15)
        XCTAssertNil(grid.index(atRow: 31, column: 1, first: 0, count: 20), "below the books: details and status lines")
        XCTAssertNil(grid.index(atRow: 1, column: 73, first: 0, count: 20), "past the last column")
        XCTAssertNil(grid.index(atRow: 16, column: 19, first: 16, count: 20), "a slot with no book")
        XCTAssertNil(grid.index(atRow: 0, column: 0, first: 0, count: 20))
        // Every book's origin is its own cell.
        for index in 8..<16 {
            let origin = grid.origin(of: index, first: 8)
            XCTAssertEqual(grid.index(atRow: origin.row, column: origin.column, first: 8, count: 20), index)
        }
    }

    func testTheLinesOfAListMapToItsBooks() {
        XCTAssertEqual(list.index(atRow: 1, column: 50, first: 0, count: 5), 0)
        XCTAssertEqual(list.index(atRow: 3, column: 100, first: 28, count: 40), 30)
        XCTAssertNil(list.index(atRow: 6, column: 1, first: 0, count: 5))
        XCTAssertNil(list.index(atRow: 29, column: 1, first: 0, count: 40))
    }

    func testAClickSelectsAndASecondOpens() {
        var state = ShelfState(items: library(), grid: grid, sort: .title)
        let second = state.shown[1].id
        XCTAssertEqual(ShelfUpdate.handle(click(20, 5), &state), [.redraw])
        XCTAssertEqual(state.selectedItem?.id, second)
        XCTAssertEqual(ShelfUpdate.handle(release(20, 5), &state), [], "a release does nothing")
        XCTAssertEqual(ShelfUpdate.handle(click(30, 14), &state), [.open(bookID: second)], "a click on the selected book opens it")
        XCTAssertEqual(ShelfUpdate.handle(click(1, 30), &state), [.redraw], "a double click on another book: selected…")
        XCTAssertEqual(ShelfUpdate.handle(click(1, 30), &state), [.open(bookID: state.shown[4].id)], "…then opened")
        XCTAssertEqual(ShelfUpdate.handle(click(1, 31), &state), [], "the details line")
        XCTAssertEqual(state.selected, 4)
        XCTAssertEqual(ShelfUpdate.handle(.mouse(MouseEvent(button: .right, column: 1, row: 1)), &state), [])
        XCTAssertEqual(state.selected, 4)
    }

    func testTheWheelMovesARowOfTheGridAndThreeLinesOfAList() {
        var state = ShelfState(items: library(), grid: grid, sort: .title)
        XCTAssertEqual(ShelfUpdate.handle(wheelUp, &state), [], "nothing above the first row")
        XCTAssertEqual(ShelfUpdate.handle(wheelDown, &state), [.redraw])
        XCTAssertEqual(state.selected, 4)
        _ = ShelfUpdate.handle(wheelDown, &state)
        XCTAssertEqual(state.selected, 8)
        XCTAssertEqual(state.first, 8, "the next screenful follows")
        _ = ShelfUpdate.handle(wheelUp, &state)
        XCTAssertEqual(state.selected, 4)

        var lines = ShelfState(items: library(), grid: list, sort: .title)
        _ = ShelfUpdate.handle(wheelDown, &lines)
        XCTAssertEqual(lines.selected, 3)
        for _ in 0..<10 { _ = ShelfUpdate.handle(wheelDown, &lines) }
        XCTAssertEqual(lines.selected, 19, "stops on the last book")
        _ = ShelfUpdate.handle(wheelUp, &lines)
        XCTAssertEqual(lines.selected, 16)
    }

    func testTheMouseLeavesAPromptAndTheHelpAlone() {
        var state = ShelfState(items: library(), grid: grid, sort: .title)
        _ = ShelfUpdate.handle(.character("d"), &state)
        XCTAssertEqual(ShelfUpdate.handle(click(20, 5), &state), [])
        XCTAssertEqual(ShelfUpdate.handle(release(20, 5), &state), [])
        XCTAssertNotNil(state.prompt, "a click is not the answer to remove's question")
        XCTAssertEqual(ShelfUpdate.handle(.character("n"), &state), [.redraw])
        _ = ShelfUpdate.handle(.character("H"), &state)
        XCTAssertEqual(ShelfUpdate.handle(click(20, 5), &state), [])
        XCTAssertTrue(state.showingHelp)
        XCTAssertEqual(state.selected, 0)
    }

    func testClicksAndTheWheelOnHitsAndCollections() {
        var state = ShelfState(items: library(), grid: list, sort: .title)
        let hits = (1...10).map { ShelfHit(bookID: $0, title: "Book \($0)", page: $0 * 2, label: nil, before: "", match: "sea", after: "") }
        ShelfUpdate.searched("sea", hits: hits, truncated: false, &state)
        XCTAssertEqual(ShelfUpdate.handle(click(5, 3), &state), [.redraw])
        XCTAssertEqual(state.hits?.selected, 2)
        XCTAssertEqual(ShelfUpdate.handle(click(5, 3), &state), [.openAt(bookID: 3, page: 6)])
        _ = ShelfUpdate.handle(wheelDown, &state)
        XCTAssertEqual(state.hits?.selected, 5)
        XCTAssertEqual(ShelfUpdate.handle(click(5, 20), &state), [], "no hit on that line")

        var shelf = ShelfState(items: library(), grid: list, sort: .title)
        shelf.setCollections([ShelfCollection(name: "Sea", bookIDs: [1, 2]), ShelfCollection(name: "Sky", bookIDs: [3])], bookmarks: [])
        _ = ShelfUpdate.handle(.character("3"), &shelf)
        XCTAssertEqual(ShelfUpdate.handle(click(5, 2), &shelf), [.redraw])
        XCTAssertEqual(shelf.selectedCollection, 1)
        _ = ShelfUpdate.handle(click(5, 2), &shelf)
        XCTAssertEqual(shelf.filter?.query, "collection Sky", "a click on the selected collection shows its books")
    }
}
