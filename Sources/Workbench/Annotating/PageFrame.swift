/// A page's crop box and rotation, for carrying points from the displayed
/// page (top-left origin, rotation applied: where ibook keeps annotations)
/// into the PDF's user space, where annotation rectangles live.
struct PageFrame: Equatable {
    /// The crop box's lower-left corner and size, unrotated.
    var x: Double, y: Double, width: Double, height: Double
    /// 0, 90, 180 or 270, clockwise as /Rotate.
    var rotation: Int

    var displayedWidth: Double { rotation % 180 == 0 ? width : height }
    var displayedHeight: Double { rotation % 180 == 0 ? height : width }

    /// The user-space point under a point of the displayed page.
    func userSpace(_ dx: Double, _ dy: Double) -> (x: Double, y: Double) {
        let point: (Double, Double)
        switch rotation {
        case 90: point = (dy, dx)
        case 180: point = (width - dx, dy)
        case 270: point = (width - dy, height - dx)
        default: point = (dx, height - dy)
        }
        return (x + point.0, y + point.1)
    }

    /// The four corners of a displayed rectangle in user space, in the
    /// order /QuadPoints wants them as the text reads: upper left, upper
    /// right, lower left, lower right.
    func quadrilateral(_ box: AnnotationMark.Box) -> [(x: Double, y: Double)] {
        [userSpace(box.x1, box.y1), userSpace(box.x2, box.y1), userSpace(box.x1, box.y2), userSpace(box.x2, box.y2)]
    }
}
