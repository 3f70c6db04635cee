/// The appearance stream of an annotation: what viewers draw for it.
struct Appearance {
    /// [x1 y1 x2 y2] in user space; also the form's /BBox, so the form maps
    /// onto the annotation's /Rect unscaled.
    var boundingBox: [Double]
    var content: String
    var resources: String

    /// Filled quadrilaterals multiplied onto the page, so the text under
    /// them stays black as under a highlighter pen.
    static func highlight(_ quads: [[(x: Double, y: Double)]], color: (red: Double, green: Double, blue: Double)) -> Appearance {
        let xs = quads.joined().map(\.x), ys = quads.joined().map(\.y)
        let box = [xs.min() ?? 0, ys.min() ?? 0, xs.max() ?? 0, ys.max() ?? 0]
        var content = "/GS0 gs \(PDFSyntax.number(color.red)) \(PDFSyntax.number(color.green)) \(PDFSyntax.number(color.blue)) rg\n"
        for quad in quads where quad.count == 4 {
            // Upper left, upper right, lower right, lower left: round the edge.
            let path = [quad[0], quad[1], quad[3], quad[2]].map { "\(PDFSyntax.number($0.x)) \(PDFSyntax.number($0.y))" }
            content += "\(path[0]) m \(path[1]) l \(path[2]) l \(path[3]) l h f\n"
        }
        return Appearance(boundingBox: box, content: content,
                          resources: "<< /ExtGState << /GS0 << /Type /ExtGState /BM /Multiply /CA 1 /ca 1 >> >> >>")
    }

    /// A note icon: a yellow square with a folded corner and three lines of "text".
    static func note(at origin: (x: Double, y: Double), size: Double) -> Appearance {
        let (x, y) = origin
        func n(_ value: Double) -> String { PDFSyntax.number(value) }
        let fold = size * 0.3
        var content = "0.4 w 1 0.85 0.2 rg 0.45 0.35 0 RG\n"
        content += "\(n(x + 0.5)) \(n(y + 0.5)) m \(n(x + size - 0.5)) \(n(y + 0.5)) l \(n(x + size - 0.5)) \(n(y + size - fold)) l "
        content += "\(n(x + size - fold)) \(n(y + size - 0.5)) l \(n(x + 0.5)) \(n(y + size - 0.5)) l h B\n"
        content += "\(n(x + size - fold)) \(n(y + size - 0.5)) m \(n(x + size - fold)) \(n(y + size - fold)) l \(n(x + size - 0.5)) \(n(y + size - fold)) l S\n"
        for line in 1...3 {
            let lineY = y + size - fold - Double(line) * size * 0.18
            content += "\(n(x + size * 0.2)) \(n(lineY)) m \(n(x + size * 0.7)) \(n(lineY)) l S\n"
        }
        return Appearance(boundingBox: [x, y, x + size, y + size], content: content, resources: "<< >>")
    }
}
