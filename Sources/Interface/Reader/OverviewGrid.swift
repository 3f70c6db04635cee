/// The overview's grid of thumbnails on a screen of `columns × rows` cells:
/// how many fit, how big each cell is, and which screenful holds a page.
public struct OverviewGrid: Equatable, Sendable {
    public let columns: Int
    public let rows: Int
    /// One thumbnail's cell, caption line included, in terminal cells.
    public let cellColumns: Int
    public let cellRows: Int

    /// - Parameter cellAspect: a terminal cell's width over its height, in pixels.
    public init(screenColumns: Int, screenRows: Int, cellAspect: Double) {
        // Thumbnails about 18 cells wide, each as tall as a portrait page needs.
        columns = max(1, min(8, screenColumns / 18))
        cellColumns = screenColumns / columns
        let wanted = max(4, Int(Double(cellColumns) * 1.3 * cellAspect) + 1)
        rows = max(1, screenRows / wanted)
        cellRows = max(2, screenRows / rows)
    }

    public var perScreen: Int { columns * rows }

    /// The index of the first page on the screenful that shows page index `selected`.
    public func firstIndex(showing selected: Int) -> Int { (selected / perScreen) * perScreen }
}
