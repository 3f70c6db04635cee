import PDF
import Reader
import TerminalIO
import XCTest

/// Visual mode and drags over a page's words: which words are selected, and
/// what is copied (the page's text between them, as `ibook read` has it).
final class VisualSelectionTests: XCTestCase {
    /// Three lines as `read` prints them, the second ending in a hyphen.
    private let text = "Chapter 2. Lenses\nThe great lens swept across the open sea. Light-\nhouses stood on rocks.\n"

    /// Boxes for every character: lines 0.1 apart, characters 0.01 wide, as poppler would give them.
    private func glyphBoxes(_ text: String) -> [PageRectangle] {
        var boxes: [PageRectangle] = []
        var line = 0, column = 0
        for character in text {
            boxes.append(PageRectangle(x: 0.1 + Double(column) * 0.01, y: 0.1 + Double(line) * 0.1, width: 0.01, height: 0.05))
            if character.isNewline { line += 1; column = 0 } else { column += 1 }
        }
        return boxes
    }

    private func state(_ words: PageWords, textMode: Bool = false) -> ReaderState {
        var state = ReaderState(title: "Lighthouses", pageCount: 40, page: 9)
        state.textMode = textMode
        state.words = words
        state.screen = (width: 1000, height: 1000)
        state.pageSize = (width: 1000, height: 1000)
        state.screenColumns = 100
        state.textRows = 50
        return state
    }

    func testWordsAreCutAtWhitespaceWithTheirLinesAndBoxes() {
        let words = PageWords(page: 9, text: text, glyphs: (text, glyphBoxes(text)))
        XCTAssertEqual(words.words.count, 16)
        XCTAssertEqual(words.words.map(\.line), [0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2])
        XCTAssertTrue(words.hasBoxes)
        let lens = words.words[5]
        XCTAssertEqual(words.text(of: 5...5), "lens")
        XCTAssertEqual(lens.box?.x ?? 0, 0.1 + 10 * 0.01, accuracy: 1e-9)
        XCTAssertEqual(lens.box?.width ?? 0, 0.04, accuracy: 1e-9)
        // The text between two words is read's, its line break and hyphen kept.
        XCTAssertEqual(words.text(of: 10...12), "sea. Light-\nhouses")
        XCTAssertEqual(words.word(at: 0.22, 0.22), 5, "the point on \"lens\"")
        XCTAssertEqual(words.word(at: 0.9, 0.22), 11, "right of a line: its last word")
    }

    func testGlyphsOfAnotherTextGiveBoxesOnlyWhenTheWordsAgree() {
        let sameWords = "Chapter 2.  Lenses\nThe great lens swept across the open sea.   Light-\nhouses stood on rocks."
        XCTAssertTrue(PageWords(page: 1, text: text, glyphs: (sameWords, glyphBoxes(sameWords))).hasBoxes)
        let other = "Chapter 2. Lenses The great lens"
        XCTAssertFalse(PageWords(page: 1, text: text, glyphs: (other, glyphBoxes(other))).hasBoxes)
        XCTAssertFalse(PageWords(page: 1, text: text, glyphs: (text, Array(glyphBoxes(text).dropLast()))).hasBoxes,
                       "a box short: none trusted")
        XCTAssertFalse(PageWords(page: 1, text: text).hasBoxes)
        XCTAssertTrue(PageWords(page: 1, text: " \n ").words.isEmpty)
    }

    func testMovesByWordAndByLine() {
        let withBoxes = PageWords(page: 9, text: text, glyphs: (text, glyphBoxes(text)))
        var selection = VisualSelection(anchor: 5)
        selection.move(.nextWord, count: 2, in: withBoxes)
        XCTAssertEqual(selection.range, 5...7)
        selection.move(.nextLine, in: withBoxes)
        // "across" (x 0.31-0.37) has "rocks." (0.26-0.32) nearest below it.
        XCTAssertEqual(withBoxes.text(of: selection.cursor...selection.cursor), "rocks.")
        selection.move(.lineStart, in: withBoxes)
        XCTAssertEqual(selection.cursor, 12)
        selection.move(.lineEnd, in: withBoxes)
        selection.move(.nextWord, count: 5, in: withBoxes)
        XCTAssertEqual(selection.cursor, 15, "stops at the last word")
        selection.move(.previousLine, count: 9, in: withBoxes)
        XCTAssertEqual(withBoxes.words[selection.cursor].line, 0, "stops at the first line")
        selection.move(.lineStart, in: withBoxes)
        XCTAssertEqual(selection.range, 0...5, "back past the anchor: the words before it")
        // Without boxes a line move keeps the place among the line's words.
        let plain = PageWords(page: 9, text: text)
        var byPlace = VisualSelection(anchor: 4)
        byPlace.move(.nextLine, in: plain)
        XCTAssertEqual(byPlace.cursor, 13, "the second word of line 1 to the second of line 2")
        XCTAssertEqual(byPlace.summary(in: plain).prefix(22), "-- VISUAL -- 10 words:")
    }

    func testVKeysCopyWhatReadPrints() {
        let words = PageWords(page: 9, text: text, glyphs: (text, glyphBoxes(text)))
        var state = state(words)
        XCTAssertEqual(ReaderUpdate.handle(.character("v"), &state), [.redraw])
        XCTAssertEqual(state.visual?.range, 0...0, "from the first word in view")
        for key: Key in [.character("4"), .character("w")] { _ = ReaderUpdate.handle(key, &state) }
        XCTAssertEqual(state.visual?.range, 0...4)
        XCTAssertEqual(ReaderUpdate.handle(.character("y"), &state), [.copy("Chapter 2. Lenses\nThe great", words: 5), .redraw])
        XCTAssertNil(state.visual, "copying leaves visual mode")
        _ = ReaderUpdate.handle(.character("v"), &state)
        _ = ReaderUpdate.handle(.escape, &state)
        XCTAssertNil(state.visual)
        // The words of another page are read first, then v goes on.
        state.words = nil
        XCTAssertEqual(ReaderUpdate.handle(.character("v"), &state), [.loadWords(then: .character("v"))])
        state.words = PageWords(page: 9, text: "\n")
        _ = ReaderUpdate.handle(.character("v"), &state)
        XCTAssertNil(state.visual)
        XCTAssertEqual(state.message, "No text on this page to select")
        // A new page ends the selection.
        state.words = words
        _ = ReaderUpdate.handle(.character("v"), &state)
        state.show(page: 10)
        XCTAssertNil(state.visual)
    }

    func testVisualModeStartsOnTheSearchHitShown() {
        let words = PageWords(page: 9, text: text, glyphs: (text, glyphBoxes(text)))
        var state = state(words)
        state.search = ReaderState.SearchResults(query: "swept", hits: [.init(page: 9, occurrence: 0)], backward: false)
        state.search?.current = 0
        state.hitBoxes = (9, [PageRectangle(x: 0.25, y: 0.2, width: 0.05, height: 0.05)])
        _ = ReaderUpdate.handle(.character("v"), &state)
        XCTAssertEqual(state.visual?.range, 6...6)
    }

    /// The page fills the screen: 100 columns of 10 pixels, 50 rows of 20.
    func testADragSelectsAndCopiesOnReleaseAndAClickStillTurnsThePage() {
        let words = PageWords(page: 9, text: text, glyphs: (text, glyphBoxes(text)))
        var state = state(words)
        // Row 11 (pixels 200-220) is line 1; column 13 is x 0.125, in "The" (0.10-0.13), column 18
        // x 0.175, in "great" (0.14-0.19), and column 40 x 0.395, in "the" (0.38-0.41).
        XCTAssertEqual(ReaderUpdate.handle(.mouse(MouseEvent(button: .left, column: 13, row: 11)), &state), [])
        XCTAssertEqual(ReaderUpdate.handle(.mouse(MouseEvent(button: .left, motion: true, column: 18, row: 11)), &state), [.redraw])
        XCTAssertEqual(state.visual?.range, 3...4, "selected while dragging")
        let effects = ReaderUpdate.handle(.mouse(MouseEvent(button: .left, pressed: false, column: 40, row: 11)), &state)
        XCTAssertEqual(effects, [.copy("The great lens swept across the", words: 6), .redraw])
        XCTAssertNil(state.visual)
        XCTAssertEqual(state.page, 9)
        // A drag on a page whose words are not read yet has them read, then goes on.
        state.words = nil
        _ = ReaderUpdate.handle(.mouse(MouseEvent(button: .left, column: 13, row: 11)), &state)
        let motion = Key.mouse(MouseEvent(button: .left, motion: true, column: 18, row: 11))
        XCTAssertEqual(ReaderUpdate.handle(motion, &state), [.loadWords(then: motion)])
        state.words = words
        XCTAssertEqual(ReaderUpdate.handle(motion, &state), [.redraw])
        _ = ReaderUpdate.handle(.escape, &state)
        state.press = nil
        // Press and release in one cell: a click, on the right third, turns the page.
        _ = ReaderUpdate.handle(.mouse(MouseEvent(button: .left, column: 90, row: 11)), &state)
        XCTAssertEqual(ReaderUpdate.handle(.mouse(MouseEvent(button: .left, pressed: false, column: 90, row: 11)), &state), [.pageChanged])
        XCTAssertEqual(state.page, 10)
    }

    /// Zoomed in, the page twice the screen's height and scrolled: cells map
    /// to the part of the page on screen, and moving the cursor off screen scrolls.
    func testOnAZoomedPageDragsFollowTheScrollAndTheCursorStaysInView() {
        let words = PageWords(page: 9, text: text, glyphs: (text, glyphBoxes(text)))
        var state = state(words)
        state.pageSize = (width: 1000, height: 4000)
        state.overflow = (x: 0, y: 3000)
        state.scrollY = 600
        // Row 11 is pixel 210 of the screen, 810 of the page: y 0.2025, line 1; column 13 "The", column 40 "the".
        _ = ReaderUpdate.handle(.mouse(MouseEvent(button: .left, column: 13, row: 11)), &state)
        let effects = ReaderUpdate.handle(.mouse(MouseEvent(button: .left, pressed: false, column: 40, row: 11)), &state)
        XCTAssertEqual(effects, [.copy("The great lens swept across the", words: 6), .redraw])
        // v starts on the first word whose top is in view: the screen's top is 600 / 4000 = 0.15 of the page, line 1 is at 0.2.
        _ = ReaderUpdate.handle(.character("v"), &state)
        XCTAssertEqual(state.visual?.range, 3...3, "\"The\", the first word below the top of the screen")
        _ = ReaderUpdate.handle(.character("j"), &state)
        XCTAssertEqual(state.scrollY, 600, "line 2 (y 0.3, pixel 1200) is on screen (600-1600)")
        state.scrollY = 0
        _ = ReaderUpdate.handle(.character("j"), &state)
        XCTAssertEqual(state.scrollY, 1200 - 1000 / 3, "the cursor's line below the screen: brought to a third from the top")
        state.scrollY = 2000
        _ = ReaderUpdate.handle(.character("k"), &state)
        XCTAssertEqual(state.scrollY, 800 - 1000 / 3, "line 1 (pixel 800) above the screen: the same")
    }

    func testADragInTextModeGoesByTheWrappedLinesOnScreen() {
        let words = PageWords(page: 9, text: text)
        var state = state(words, textMode: true)
        state.screenColumns = 20
        // Wrapped at 20 columns: "Chapter 2. Lenses", "The great lens swept", " across the open sea", ". Light-", "houses stood on…".
        _ = ReaderUpdate.handle(.mouse(MouseEvent(button: .left, column: 2, row: 2)), &state)
        _ = ReaderUpdate.handle(.mouse(MouseEvent(button: .left, motion: true, column: 9, row: 3)), &state)
        let effects = ReaderUpdate.handle(.mouse(MouseEvent(button: .left, pressed: false, column: 9, row: 3)), &state)
        XCTAssertEqual(effects, [.copy("The great lens swept across the", words: 6), .redraw])
        XCTAssertEqual(VisualSelection.reversing((start: 18, text: "The great lens swept"), 22..<27),
                       "The \u{1B}[7mgreat\u{1B}[27m lens swept")
    }
}
