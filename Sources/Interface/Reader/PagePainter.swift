import Raster
import TerminalIO

/// The one place where the reader turns a frame's pixels into terminal
/// bytes, for the graphics mode chosen at start. The shelf paints its
/// covers with it too, each at its own place and under its own kitty id.
public struct PagePainter: Sendable {
    public let mode: GraphicsMode
    public let wrapForTmux: Bool
    /// Blocks without colour escapes (NO_COLOR, TERM=dumb).
    public var monochrome = false
    /// kitty keeps one image for the page; re-sending it under the same id replaces it.
    public static let kittyImageID: UInt32 = 7_301

    public init(mode: GraphicsMode, wrapForTmux: Bool, monochrome: Bool = false) {
        self.mode = mode
        self.wrapForTmux = wrapForTmux
        self.monochrome = monochrome
    }

    /// Bytes that draw `canvas` over `columns × rows` cells from the cursor (top-left);
    /// blocks always start at the screen's top-left. `kittyID` names the image kitty replaces.
    public func paint(_ canvas: RasterImage, columns: Int, rows: Int, cellSize: (width: Int, height: Int),
                      kittyID: UInt32 = kittyImageID) throws -> [UInt8] {
        switch mode {
        case .kitty:
            return try KittyGraphics.transmitAndPlace(canvas, id: kittyID, columns: columns, rows: rows,
                                                      cellSize: cellSize, tmux: wrapForTmux)
        case .iterm:
            return try ITermGraphics.inline(canvas, columns: columns, rows: rows, tmux: wrapForTmux)
        case .sixel:
            return try SixelEncoder(cellSize: cellSize).encode(canvas, columns: columns, rows: rows, tmux: wrapForTmux)
        case .blocks:
            let lines = try BlockEncoder(cellSize: cellSize, monochrome: monochrome).encode(canvas, columns: columns, rows: rows)
            var bytes: [UInt8] = []
            for (index, line) in lines.enumerated() {
                bytes += Array((ScreenSequences.moveTo(row: index + 1, column: 1) + line).utf8)
            }
            return bytes
        case .text:
            return []
        }
    }

    /// Removes every image this reader put up; kitty keeps images apart from
    /// the text, so clearing the screen alone would leave them.
    public func clearAll() -> [UInt8] {
        mode == .kitty ? KittyGraphics.deleteAll(tmux: wrapForTmux) : []
    }
}
