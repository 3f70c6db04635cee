import Raster

/// An image printed into the scrolling text, the way `cat` would print a
/// picture: drawn at the cursor, with the cursor left at the start of the
/// line below it so whatever comes next (a shell prompt) does not cover it.
public enum InlineImage {
    /// The bytes that draw `image` in `mode` within `columns × rows` cells.
    /// `rows` should leave a line of the screen free: pixel images taller
    /// than the screen are drawn differently by every terminal.
    public static func bytes(_ image: RasterImage, mode: GraphicsMode, columns: Int, rows: Int,
                             cellSize: (width: Int, height: Int), tmux: Bool = false, kittyID: UInt32 = 1,
                             monochrome: Bool = false) throws -> [UInt8] {
        switch mode {
        case .kitty:
            // kitty draws without moving the cursor: make room first (scrolling
            // if need be), go back up, draw, and come down below the picture.
            let fit = try CellFit(image, columns: columns, rows: rows, cellSize: cellSize)
            var bytes = Array(String(repeating: "\n", count: fit.rows).utf8)
            bytes += Array("\u{1B}[\(fit.rows)A".utf8)
            bytes += try KittyGraphics.transmitAndPlace(image, id: kittyID, columns: columns, rows: rows,
                                                        cellSize: cellSize, tmux: tmux)
            bytes += Array("\u{1B}[\(fit.rows)B\r".utf8)
            return bytes
        case .iterm:
            // iTerm2 leaves the cursor after the picture's last line, like text.
            return try ITermGraphics.inline(image, columns: columns, rows: rows, tmux: tmux) + [UInt8(ascii: "\n")]
        case .sixel:
            return try SixelEncoder(cellSize: cellSize).encode(image, columns: columns, rows: rows, tmux: tmux)
                + [UInt8(ascii: "\n")]
        case .blocks:
            let lines = try BlockEncoder(cellSize: cellSize, monochrome: monochrome).encode(image, columns: columns, rows: rows)
            return Array(lines.map { $0 + "\n" }.joined().utf8)
        case .text:
            return []
        }
    }
}
