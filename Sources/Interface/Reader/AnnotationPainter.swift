import BookLibrary
import Raster

/// Draws a page's highlights on its rendered image as a highlighter pen
/// would (the colour multiplied into the page, so the text stays dark),
/// underlines and strike-outs as lines. Boxes are measured in points on the
/// displayed page; the image is that page at some scale.
enum AnnotationPainter {
    static func paint(_ annotations: [Annotation], on image: inout RasterImage) {
        for annotation in annotations where annotation.kind.marksText {
            guard let pageWidth = annotation.pageWidth, let pageHeight = annotation.pageHeight,
                  pageWidth > 0, pageHeight > 0 else { continue }
            let color = annotation.color.flatMap(AnnotationColor.components) ?? (1, 1, 0)
            let tint = RGB(red: UInt8(color.red * 255), green: UInt8(color.green * 255), blue: UInt8(color.blue * 255))
            let scaleX = Double(image.width) / pageWidth, scaleY = Double(image.height) / pageHeight
            for box in annotation.boxes {
                let x1 = Int(box.x1 * scaleX), x2 = Int((box.x2 * scaleX).rounded(.up))
                let y1 = Int(box.y1 * scaleY), y2 = Int((box.y2 * scaleY).rounded(.up))
                switch annotation.kind {
                case .highlight:
                    image.multiply(x: x1..<x2, y: y1..<y2, by: tint)
                case .strikeOut:
                    let middle = (y1 + y2) / 2
                    image.multiply(x: x1..<x2, y: middle..<(middle + max(1, (y2 - y1) / 12)), by: RGB(red: 200, green: 0, blue: 0))
                default:
                    let thickness = max(1, (y2 - y1) / 12)
                    image.multiply(x: x1..<x2, y: (y2 - thickness)..<y2, by: tint == RGB(red: 255, green: 255, blue: 0) ? .black : tint)
                }
            }
        }
    }
}
