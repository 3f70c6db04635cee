import Foundation
import Shelf
import TerminalIO
import XCTest

/// Full-text search from the shelf, and the keys that change the selected
/// book (d, e, t), as key sequences on a state: the prompts they go through
/// and the effects they end in.
final class ShelfKeysOnABookTests: XCTestCase {
    private let grid = ShelfGrid(screenColumns: 80, screenRows: 5, cellAspect: 0.5, covers: false)

    private func state() -> ShelfState {
        let items = [
            ShelfItem(id: 1, title: "Optics", author: "Isaac Newton", pageCount: 300, addedAt: Date(timeIntervalSince1970: 100), tags: ["physics"]),
            ShelfItem(id: 2, title: "Emma", author: "Jane Austen", pageCount: 400, addedAt: Date(timeIntervalSince1970: 200)),
        ]
        return ShelfState(items: items, grid: grid)
    }

    @discardableResult
    private func press(_ keys: [Key], _ state: inout ShelfState) -> [ShelfEffect] {
        var effects: [ShelfEffect] = []
        for key in keys { effects = ShelfUpdate.handle(key, &state) }
        return effects
    }

    private func type(_ text: String) -> [Key] { text.map { .character($0) } }

    private func hits(_ count: Int) -> [ShelfHit] {
        (1...count).map { ShelfHit(bookID: $0 % 2 + 1, title: "Book \($0)", page: $0 * 10, before: "the ", match: "light", after: " of day") }
    }

    func testQuestionMarkSearchesAndEnterOnAHitOpensItsPage() {
        var shelf = state()
        let selected = shelf.selectedItem?.id
        press([.character("?")], &shelf)
        XCTAssertEqual(shelf.prompt, "")
        XCTAssertEqual(shelf.promptKind, .search)
        XCTAssertTrue(ShelfView.statusLine(shelf, columns: 40).hasPrefix("?"))
        XCTAssertEqual(press(type("light") + [.enter], &shelf), [.search("light"), .redraw])
        XCTAssertNil(shelf.prompt)
        XCTAssertNil(shelf.filter, "a search does not filter the shelf")

        ShelfUpdate.searched("light", hits: hits(12), truncated: true, &shelf)
        XCTAssertEqual(shelf.hits?.hits.count, 12)
        XCTAssertEqual(shelf.hits?.selectedHit?.page, 10)
        XCTAssertTrue(ShelfView.statusLine(shelf, columns: 120).contains("hit 1 of the first 12 ·"), ShelfView.statusLine(shelf, columns: 120))
        // Down moves along the hits, not the books; a page down moves a screen (five lines).
        press([.down, .character("j")], &shelf)
        XCTAssertEqual(shelf.hits?.selected, 2)
        XCTAssertEqual(shelf.selectedItem?.id, selected, "the shelf's selection stays")
        press([.pageDown], &shelf)
        XCTAssertEqual(shelf.hits?.selected, 7)
        XCTAssertEqual(shelf.hits?.first(rows: 5), 5)
        press([.character("G")], &shelf)
        XCTAssertEqual(shelf.hits?.selected, 11)
        press([.up], &shelf)
        XCTAssertEqual(press([.enter], &shelf), [.openAt(bookID: 2, page: 110)])
        XCTAssertNotNil(shelf.hits, "the reader's q comes back to the hits")

        // ? again has the query to edit; Esc leaves the hits for the shelf, and then quits.
        press([.character("?")], &shelf)
        XCTAssertEqual(shelf.prompt, "light")
        press([.escape], &shelf)
        XCTAssertNil(shelf.prompt)
        XCTAssertNotNil(shelf.hits)
        XCTAssertEqual(press([.escape], &shelf), [.redraw])
        XCTAssertNil(shelf.hits)
        XCTAssertEqual(press([.escape], &shelf), [.quit])
    }

    func testASearchWithoutHitsSaysSoAndAnEmptyOneIsNotAsked() {
        var shelf = state()
        XCTAssertEqual(press([.character("?"), .enter], &shelf), [.redraw])
        ShelfUpdate.searched("zebra", hits: [], truncated: false, &shelf)
        XCTAssertNil(shelf.hits)
        XCTAssertEqual(shelf.message, "No page has zebra")
    }

    func testAHitLineShowsBookPageLabelAndTheMatchApart() {
        let hit = ShelfHit(bookID: 1, title: "Optics", page: 12, label: "xii", before: "a beam of\nwhite ", match: "light",
                           after: " falls on the prism and is parted into colours")
        let line = ShelfView.hitLine(hit, selected: true, columns: 60)
        // Half the room after the match is for the words before it, the line breaks made spaces.
        XCTAssertEqual(line.head, "▶ Optics · p. 12 (xii) · …beam of white ")
        XCTAssertEqual(line.match, "light")
        XCTAssertEqual(line.tail, " falls on the …")
        XCTAssertEqual((line.head + line.match + line.tail).count, 60)
        // Narrow: the words before give way, the match stays.
        let narrow = ShelfView.hitLine(hit, selected: false, columns: 36)
        XCTAssertEqual(narrow.match, "light")
        XCTAssertTrue(narrow.head.hasPrefix("  Optics · p. 12 (xii) · …"), narrow.head)
        XCTAssertLessThanOrEqual((narrow.head + narrow.match + narrow.tail).count, 36)
    }

    func testDAsksFirstAndOnlyYRemovesTheBook() {
        var shelf = state()
        let selected = shelf.selectedItem!
        press([.character("d")], &shelf)
        XCTAssertEqual(ShelfView.statusLine(shelf, columns: 80).trimmingCharacters(in: .whitespaces),
                       "Remove \(selected.title) from the library (the file stays)? y/n")
        XCTAssertEqual(press([.character("n")], &shelf), [.redraw])
        XCTAssertNil(shelf.prompt)
        XCTAssertEqual(shelf.message, "Kept \(selected.title)")
        XCTAssertEqual(press([.character("d"), .character("y")], &shelf), [.remove(bookID: selected.id), .redraw])
        XCTAssertNil(shelf.prompt)
        // Esc keeps it as n does.
        XCTAssertEqual(press([.character("d"), .escape], &shelf), [.redraw])
    }

    func testEEditsTheTitleThenTheAuthorAndSendsOnlyWhatChanged() {
        var shelf = state()
        press([.character("l")], &shelf)
        let selected = shelf.selectedItem!
        press([.character("e")], &shelf)
        XCTAssertEqual(shelf.prompt, selected.title, "the title is there to edit")
        XCTAssertTrue(ShelfView.statusLine(shelf, columns: 80).hasPrefix("Title: \(selected.title)"))
        press([.control("u")] + type("Opticks") + [.enter], &shelf)
        XCTAssertEqual(shelf.prompt, selected.author)
        XCTAssertTrue(ShelfView.statusLine(shelf, columns: 80).hasPrefix("Author: "))
        XCTAssertEqual(press([.enter], &shelf), [.edit(bookID: selected.id, title: "Opticks", authors: nil), .redraw])

        press([.character("e"), .enter], &shelf)
        XCTAssertEqual(shelf.promptKind, .editAuthor(bookID: selected.id, title: selected.title))
        // Authors part at commas, as the shelf shows them joined.
        var effects = press([.control("u")] + type("Ada Lovelace,Charles Babbage ") + [.enter], &shelf)
        XCTAssertEqual(effects, [.edit(bookID: selected.id, title: nil, authors: ["Ada Lovelace", "Charles Babbage"]), .redraw])

        effects = press([.character("e"), .enter, .enter], &shelf)
        XCTAssertEqual(effects, [.redraw])
        XCTAssertEqual(shelf.message, "Nothing changed")
        effects = press([.character("e"), .control("u"), .enter], &shelf)
        XCTAssertEqual(effects, [.redraw], "an empty title is refused")
        XCTAssertNil(shelf.prompt)
        effects = press([.character("e"), .escape], &shelf)
        XCTAssertEqual(effects, [.redraw])
        XCTAssertNil(shelf.prompt)
    }

    func testTTakesPlusAndMinusTagsAsIbookTagDoes() {
        var shelf = state()
        let selected = shelf.selectedItem!
        press([.character("t")], &shelf)
        XCTAssertTrue(ShelfView.statusLine(shelf, columns: 80).hasPrefix("Tags (+tag adds, -tag removes): "))
        XCTAssertEqual(press(type("+sea  -physics +science/optics") + [.enter], &shelf),
                       [.tag(bookID: selected.id, adding: ["sea", "science/optics"], removing: ["physics"]), .redraw])
        // A bare word is not taken for a tag.
        XCTAssertEqual(press([.character("t")] + type("+sea sky") + [.enter], &shelf), [.redraw])
        XCTAssertEqual(shelf.message, "sky: a tag to add starts with +, one to remove with -")
        XCTAssertEqual(press([.character("t"), .enter], &shelf), [.redraw])
    }
}
