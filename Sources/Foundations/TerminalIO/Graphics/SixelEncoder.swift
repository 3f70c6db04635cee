import CChafa
import Raster

/// Sixel graphics (DEC's, kept alive by xterm, foot, mlterm, WezTerm and
/// Windows Terminal) through chafa, which picks a palette of up to 256
/// colours for the image and dithers nothing: a page is mostly flat colour.
public struct SixelEncoder: Sendable {
    public var cellSize: (width: Int, height: Int)

    public init(cellSize: (width: Int, height: Int)) {
        self.cellSize = cellSize
    }

    /// The DCS sequence that draws `image` at the cursor within
    /// `columns × rows` cells. The image is padded to whole cells with
    /// transparency (which sixel leaves as the terminal's background)
    /// instead of being stretched to them.
    public func encode(_ image: RasterImage, columns: Int, rows: Int, tmux: Bool = false) throws -> [UInt8] {
        let fit = try CellFit(image, columns: columns, rows: rows, cellSize: cellSize)
        let canvas = try ChafaCanvas(columns: fit.columns, rows: fit.rows, cellSize: cellSize,
                                     pixelMode: CHAFA_PIXEL_MODE_SIXELS)
        canvas.draw(fit.image)
        let bytes = try canvas.printed()
        return tmux ? TmuxPassthrough.wrap(bytes) : bytes
    }
}
