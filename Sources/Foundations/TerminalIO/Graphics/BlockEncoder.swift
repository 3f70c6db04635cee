import CChafa
import Raster

/// Coloured block characters for terminals without a pixel protocol: each
/// cell shows two colours split by one of the half-block and quadrant
/// characters (U+2580–U+259F), so a cell carries 2×2 picture elements.
///
/// Why these symbols: half blocks alone halve the horizontal detail and
/// blur the stems of heading letters, which quadrants keep. Sextants (2×3)
/// would add detail but are Unicode 13 symbols many monospace fonts still
/// lack, leaving boxes in the page; block elements are in every font.
public struct BlockEncoder: Sendable {
    public var cellSize: (width: Int, height: Int)
    /// No colour at all (NO_COLOR, TERM=dumb): the symbols alone, drawn in
    /// the terminal's foreground where the page has ink.
    public var monochrome: Bool

    public init(cellSize: (width: Int, height: Int), monochrome: Bool = false) {
        self.cellSize = cellSize
        self.monochrome = monochrome
    }

    static let symbols = ChafaSymbolTags(rawValue: CHAFA_SYMBOL_TAG_SPACE.rawValue | CHAFA_SYMBOL_TAG_SOLID.rawValue
        | CHAFA_SYMBOL_TAG_HALF.rawValue | CHAFA_SYMBOL_TAG_QUAD.rawValue)

    /// One string per row of cells: 24-bit colour (`SGR 38;2` and `48;2`),
    /// then the symbols, then a reset; monochrome, the symbols alone. No
    /// cursor movement, so the caller places each row. The number of cells follows the image's proportions
    /// within `columns × rows`, to the nearest cell.
    public func encode(_ image: RasterImage, columns: Int, rows: Int) throws -> [String] {
        guard !image.isEmpty else { throw GraphicsError.emptyImage }
        guard columns > 0, rows > 0 else { throw GraphicsError.emptyBox(columns: columns, rows: rows) }
        let cellWidth = Double(max(1, cellSize.width)), cellHeight = Double(max(1, cellSize.height))
        // Whole cells the image covers at its size, shrunk into the box if it is larger.
        var usedColumns = Double(image.width) / cellWidth, usedRows = Double(image.height) / cellHeight
        let shrink = min(1, Double(columns) / usedColumns, Double(rows) / usedRows)
        usedColumns *= shrink
        usedRows *= shrink
        let canvasColumns = min(columns, max(1, Int(usedColumns.rounded())))
        let canvasRows = min(rows, max(1, Int(usedRows.rounded())))
        let canvas = try ChafaCanvas(columns: canvasColumns, rows: canvasRows, cellSize: cellSize,
                                     pixelMode: CHAFA_PIXEL_MODE_SYMBOLS, symbols: Self.symbols, monochrome: monochrome)
        canvas.draw(image)
        if monochrome {
            return (0..<canvasRows).map { row in String((0..<canvasColumns).map { canvas.character(column: $0, row: row) }) }
        }
        return (0..<canvasRows).map { row in
            var line = ""
            var current: (UInt32?, UInt32?)?
            for column in 0..<canvasColumns {
                let cell = canvas.cell(column: column, row: row)
                if current == nil || current! != (cell.foreground, cell.background) {
                    line += Self.colours(foreground: cell.foreground, background: cell.background)
                    current = (cell.foreground, cell.background)
                }
                line.append(cell.character)
            }
            return line + "\u{1B}[0m"
        }
    }

    private static func colours(foreground: UInt32?, background: UInt32?) -> String {
        func component(_ colour: UInt32?, _ code: Int, _ reset: Int) -> String {
            guard let colour else { return "\(reset)" }
            return "\(code);2;\(colour >> 16 & 0xFF);\(colour >> 8 & 0xFF);\(colour & 0xFF)"
        }
        return "\u{1B}[\(component(foreground, 38, 39));\(component(background, 48, 49))m"
    }
}
