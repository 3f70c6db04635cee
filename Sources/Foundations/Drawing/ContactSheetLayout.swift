/// The geometry of a contact sheet in pixels: uniform cells in a grid, each
/// a square box for the thumbnail with room for a two-line caption under it.
/// Pure arithmetic, so the caller can plan how many sheets it needs before
/// drawing any of them.
public struct ContactSheetLayout: Equatable, Sendable {
    public let columns: Int
    /// The longer side of a thumbnail; every thumbnail fits a box this size square.
    public let thumbnailSize: Int
    /// No sheet is taller than this unless a single row already is.
    public let maximumHeight: Int

    /// cairo cannot make an image surface wider or taller than 32,767 pixels.
    public static let maximumSide = 32_000
    /// A sheet this size is already 256 MB in memory; beyond it viewers struggle too.
    public static let maximumPixels = 64_000_000

    public init(columns: Int, thumbnailSize: Int, maximumHeight: Int = 16_000) {
        self.columns = max(1, columns)
        self.thumbnailSize = max(1, thumbnailSize)
        self.maximumHeight = min(Self.maximumSide, max(1, maximumHeight))
    }

    /// White space around each thumbnail box; twice this separates neighbours.
    public var padding: Int { max(6, thumbnailSize / 20) }

    /// Readable at every thumbnail size without dwarfing small thumbnails.
    public var captionFontSize: Double { min(24, max(10, Double(thumbnailSize) * 0.065)) }

    /// Two lines, so a long label or a failure message wraps instead of vanishing.
    public var captionHeight: Int { Int((captionFontSize * 1.3 * 2).rounded(.up)) }

    var captionGap: Int { max(4, padding / 2) }

    public var cellWidth: Int { thumbnailSize + 2 * padding }
    public var cellHeight: Int { padding + thumbnailSize + captionGap + captionHeight + padding }

    /// The full width: every sheet has all its columns, so sheets of one set line up.
    public var width: Int { columns * cellWidth }

    /// Whether a sheet this wide can be drawn at all.
    public var fitsWidth: Bool { width <= Self.maximumSide }

    /// At least one, even when one row is taller than the limit.
    public var rowsPerSheet: Int {
        let byHeight = maximumHeight / cellHeight
        let byPixels = Self.maximumPixels / max(1, width * cellHeight)
        return max(1, min(byHeight, byPixels))
    }

    public var cellsPerSheet: Int { rowsPerSheet * columns }

    /// How many sheets `cellCount` cells need.
    public func sheetCount(cells cellCount: Int) -> Int {
        max(1, (cellCount + cellsPerSheet - 1) / cellsPerSheet)
    }

    public func rows(cells cellCount: Int) -> Int { max(1, (cellCount + columns - 1) / columns) }

    public func height(cells cellCount: Int) -> Int { rows(cells: cellCount) * cellHeight }

    /// The top-left corner of cell `index` (row by row, left to right).
    public func cellOrigin(_ index: Int) -> (x: Int, y: Int) {
        ((index % columns) * cellWidth, (index / columns) * cellHeight)
    }
}
