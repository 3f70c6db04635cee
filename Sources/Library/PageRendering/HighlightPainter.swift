import BookOpening
import Raster
import ReflowDocuments

/// Draws a laid-out book's highlights on a page of the reader's layout. They are kept as
/// letters of a chapter, so the page's share of each is asked of the engine for this layout:
/// the same words are marked at any type size or window.
enum HighlightPainter {
    static func paint(_ highlights: [TextHighlight], page: Int, of book: ReflowBook, map: PageMap, on image: inout RasterImage) {
        let start = map.position(ofView: page)
        let next = page < map.viewPositions.count ? map.position(ofView: page + 1) : UInt64.max
        // Only those on the page cost the engine a look at its text.
        for highlight in highlights where highlight.last >= start && highlight.first <= next {
            let tint = RGB(red: highlight.red, green: highlight.green, blue: highlight.blue)
            let boxes = book.engine.letterBoxes(page: page, first: ReflowPosition(value: highlight.first),
                                                last: ReflowPosition(value: highlight.last))
            for box in boxes {
                let x = Double(image.width), y = Double(image.height)
                image.multiply(x: Int(box.x * x)..<Int(((box.x + box.width) * x).rounded(.up)),
                               y: Int(box.y * y)..<Int(((box.y + box.height) * y).rounded(.up)), by: tint)
            }
        }
    }
}
