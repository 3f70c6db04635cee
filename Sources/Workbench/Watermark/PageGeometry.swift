import QPDF

/// What decides how a stamp must be drawn for a page.
struct PageGeometry: Equatable {
    var box: QPDFRectangle
    /// Clockwise degrees the viewer turns the page: 0, 90, 180 or 270.
    var rotation: Int

    /// The page's geometry as qpdf's overlay sees it: the TrimBox (falling
    /// back to CropBox, then MediaBox, following inheritance) and /Rotate.
    init(ofPage index: Int, in document: QPDFDocument) throws {
        defer { document.releaseObjects() }
        let page = try document.page(at: index)
        box = document.direct(page, "/TrimBox").flatMap(document.rectangle) ?? document.cropBox(of: page)
        rotation = document.rotation(of: page)
    }

    /// The box's size as a viewer shows it.
    var displayedSize: StampSize {
        rotation % 180 == 0 ? StampSize(width: box.width, height: box.height)
                            : StampSize(width: box.height, height: box.width)
    }
}
