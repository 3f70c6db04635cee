import CPoppler

/// Turns poppler's coordinates for annotations into the displayed page's
/// top-left space. Annotation areas come rotated with the page but with y
/// counted upwards; quadrilaterals come as the file stores them, unrotated
/// and relative to the crop box. poppler-glib does not tell the page's
/// /Rotate, so it is found from the two: the rotation that carries an
/// annotation's quadrilaterals onto its (rotated) area.
struct AnnotationGeometry {
    /// The crop box, unrotated.
    let width: Double, height: Double
    /// The page as displayed.
    let displayedWidth: Double, displayedHeight: Double

    init(page: PDFPage) {
        var crop = PopplerRectangle()
        poppler_page_get_crop_box(page.page, &crop)
        width = abs(crop.x2 - crop.x1)
        height = abs(crop.y2 - crop.y1)
        (displayedWidth, displayedHeight) = page.size
    }

    func displayedRect(fromArea area: PopplerRectangle) -> PageRect {
        PageRect(x1: area.x1, y1: displayedHeight - area.y2, x2: area.x2, y2: displayedHeight - area.y1)
    }

    func displayedRects(fromQuadrilaterals quads: [PopplerQuadrilateral], area: PageRect) -> [PageRect] {
        let points = quads.map { [$0.p1, $0.p2, $0.p3, $0.p4] }
        guard !points.isEmpty, points.joined().allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { return [] }
        let rotation = likelyRotation(points.joined().map { ($0.x, $0.y) }, area: area)
        return points.map { corners in
            let moved = corners.map { displayed($0.x, $0.y, rotation: rotation) }
            return PageRect(x1: moved.map(\.x).min() ?? 0, y1: moved.map(\.y).min() ?? 0,
                            x2: moved.map(\.x).max() ?? 0, y2: moved.map(\.y).max() ?? 0)
        }
    }

    /// An unrotated point, y upwards from the crop box's corner, on the displayed page.
    func displayed(_ x: Double, _ y: Double, rotation: Int) -> (x: Double, y: Double) {
        switch rotation {
        case 90: return (y, x)
        case 180: return (width - x, y)
        case 270: return (height - y, width - x)
        default: return (x, height - y)
        }
    }

    private func likelyRotation(_ points: [(Double, Double)], area: PageRect) -> Int {
        let swapped = abs(displayedWidth - height) < 0.5 && abs(displayedHeight - width) < 0.5
        let unswapped = abs(displayedWidth - width) < 0.5 && abs(displayedHeight - height) < 0.5
        var candidates: [Int] = []
        if unswapped { candidates += [0, 180] }
        if swapped { candidates += [90, 270] }
        if candidates.isEmpty { candidates = [0] }
        func misfit(_ rotation: Int) -> Double {
            let moved = points.map { displayed($0.0, $0.1, rotation: rotation) }
            let box = PageRect(x1: moved.map(\.x).min() ?? 0, y1: moved.map(\.y).min() ?? 0,
                               x2: moved.map(\.x).max() ?? 0, y2: moved.map(\.y).max() ?? 0)
            return abs(box.x1 - area.x1) + abs(box.x2 - area.x2) + abs(box.y1 - area.y1) + abs(box.y2 - area.y2)
        }
        return candidates.min { misfit($0) < misfit($1) } ?? 0
    }
}
