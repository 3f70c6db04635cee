import PDF
import Raster

/// Draws visual mode's selection on the page image: each selected word's
/// box in reverse, as a terminal shows selected text. Reversed pixels show
/// in every graphics mode, colourless blocks (NO_COLOR) included, where a tint would not.
enum SelectionPainter {
    /// `boxes` are fractions of the upright page that `image` shows.
    static func paint(_ boxes: [PageRectangle], on image: inout RasterImage) {
        // A little room around each word, so the reversed area reads as one band along a line.
        let pad = max(1, image.height / 400)
        var areas: [(x: Range<Int>, y: Range<Int>)] = []
        for box in boxes {
            let left = max(0, Int(box.x * Double(image.width)) - pad)
            let right = min(image.width, Int(((box.x + box.width) * Double(image.width)).rounded(.up)) + pad)
            let top = max(0, Int(box.y * Double(image.height)) - pad)
            let bottom = min(image.height, Int(((box.y + box.height) * Double(image.height)).rounded(.up)) + pad)
            if left < right, top < bottom { areas.append((left..<right, top..<bottom)) }
        }
        guard let first = areas.first else { return }
        // Padded boxes can overlap: each pixel is reversed once, through a mask of the area they cover.
        var minX = first.x.lowerBound, maxX = first.x.upperBound, minY = first.y.lowerBound, maxY = first.y.upperBound
        for area in areas {
            minX = min(minX, area.x.lowerBound); maxX = max(maxX, area.x.upperBound)
            minY = min(minY, area.y.lowerBound); maxY = max(maxY, area.y.upperBound)
        }
        let width = maxX - minX
        var mask = [Bool](repeating: false, count: width * (maxY - minY))
        for area in areas {
            for row in area.y { for column in area.x { mask[(row - minY) * width + column - minX] = true } }
        }
        for row in minY..<maxY {
            for column in minX..<maxX where mask[(row - minY) * width + column - minX] {
                let pixel = image.pixel(x: column, y: row)
                image.setPixel(x: column, y: row, RGB(red: 255 - pixel.red, green: 255 - pixel.green, blue: 255 - pixel.blue))
            }
        }
    }
}
