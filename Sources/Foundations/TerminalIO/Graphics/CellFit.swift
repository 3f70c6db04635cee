import Raster

/// An image placed in whole terminal cells without distortion: terminals
/// scale a picture to fill the cells it is given, so the image is first made
/// exactly as large as those cells, its spare edge transparent.
struct CellFit {
    let columns: Int
    let rows: Int
    /// The image at the top left of a `columns × rows` cells canvas; the
    /// same image when it already fills whole cells.
    let image: RasterImage
    /// Whether transparent padding was added, so the encoding needs alpha.
    let isPadded: Bool

    init(_ source: RasterImage, columns boxColumns: Int, rows boxRows: Int, cellSize: (width: Int, height: Int)) throws {
        guard !source.isEmpty else { throw GraphicsError.emptyImage }
        guard boxColumns > 0, boxRows > 0 else { throw GraphicsError.emptyBox(columns: boxColumns, rows: boxRows) }
        let cellWidth = max(1, cellSize.width), cellHeight = max(1, cellSize.height)
        var image = source
        let boxWidth = boxColumns * cellWidth, boxHeight = boxRows * cellHeight
        if image.width > boxWidth || image.height > boxHeight {
            // Larger than the box: shrink it into the box keeping its proportions.
            let scale = min(Double(boxWidth) / Double(image.width), Double(boxHeight) / Double(image.height))
            image = image.scaled(toWidth: max(1, Int(Double(image.width) * scale)),
                                 height: max(1, Int(Double(image.height) * scale)))
        }
        columns = min(boxColumns, (image.width + cellWidth - 1) / cellWidth)
        rows = min(boxRows, (image.height + cellHeight - 1) / cellHeight)
        let canvasWidth = columns * cellWidth, canvasHeight = rows * cellHeight
        if canvasWidth == image.width, canvasHeight == image.height {
            self.image = image
            isPadded = false
        } else {
            var canvas = RasterImage(width: canvasWidth, height: canvasHeight,
                                     pixels: [UInt8](repeating: 0, count: canvasWidth * canvasHeight * 4))
            canvas.draw(image, atX: 0, y: 0)
            self.image = canvas
            isPadded = true
        }
    }
}
