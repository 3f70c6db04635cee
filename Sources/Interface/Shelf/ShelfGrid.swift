/// Where the books go on a screen of cells: with covers, a grid of cells
/// each a cover over three caption lines (title, author, progress); without,
/// a list, one book a line. Which screenful holds a book follows from it.
public struct ShelfGrid: Equatable, Sendable {
    /// Books across, and book rows on one screen.
    public let columns: Int
    public let rows: Int
    /// One book's cell, in terminal cells.
    public let cellColumns: Int
    public let cellRows: Int
    /// The cover's part of the cell (0 in a list).
    public let coverColumns: Int
    public let coverRows: Int
    /// All the rows the books may take: a list of search hits takes them one a line.
    public let screenRows: Int

    /// Caption lines under a cover: title, author, progress.
    public static let captionRows = 3

    /// - Parameters:
    ///   - screenRows: the rows the books may take (the screen less its bottom lines).
    ///   - cellAspect: a terminal cell's width over its height, in pixels.
    ///   - covers: whether covers are drawn; without them the shelf is a list.
    public init(screenColumns: Int, screenRows: Int, cellAspect: Double, covers: Bool) {
        let screenColumns = max(1, screenColumns), screenRows = max(1, screenRows)
        self.screenRows = screenRows
        guard covers else {
            columns = 1
            rows = screenRows
            cellColumns = screenColumns
            cellRows = 1
            coverColumns = 0
            coverRows = 0
            return
        }
        // Cells about 18 columns wide; a cover as tall as a portrait page (√2) needs, with a blank line below the captions.
        columns = max(1, min(12, screenColumns / 18))
        cellColumns = screenColumns / columns
        coverColumns = max(1, cellColumns - 2)
        let wanted = max(2, Int(Double(coverColumns) * 1.414 * cellAspect))
        coverRows = max(1, min(wanted, screenRows - Self.captionRows - 1))
        cellRows = coverRows + Self.captionRows + 1
        rows = max(1, screenRows / cellRows)
    }

    public var perScreen: Int { columns * rows }

    /// The index of the first book on the screenful that shows book `index`.
    public func firstIndex(showing index: Int) -> Int { (max(0, index) / perScreen) * perScreen }

    /// The top-left cell (1-based) of the book at `index` on the screenful starting at `first`.
    public func origin(of index: Int, first: Int) -> (row: Int, column: Int) {
        let slot = index - first
        return ((slot / columns) * cellRows + 1, (slot % columns) * cellColumns + 1)
    }

    /// The book at a cell (1-based, as a mouse reports it) on the screenful
    /// starting at `first` of `count` books: the cover or captions of a grid's
    /// cell, a list's line. Nil for the gaps past the last column or row, a
    /// slot with no book, and the lines below the books.
    public func index(atRow row: Int, column: Int, first: Int, count: Int) -> Int? {
        guard row >= 1, column >= 1, row <= rows * cellRows else { return nil }
        let across = (column - 1) / max(1, cellColumns), down = (row - 1) / max(1, cellRows)
        guard across < columns, down < rows else { return nil }
        let index = first + down * columns + across
        return index < count ? index : nil
    }
}
