/// Draws a document in two passes: the first only lays it out, to count the
/// pages, so the second can print "Page N of M" with the real M on every
/// page. Drawing must therefore be deterministic, which it is for the same
/// data and fonts.
public struct PDFRenderer {
    public var paper: PaperSize
    public var orientation: Orientation
    public var margins: Margins
    public var footer: PageFooter?
    /// A BCP 47 tag such as "zh-cn", choosing glyph variants.
    public var language: String?
    /// Document properties: title, author, subject, creator.
    public var metadata: [String: String]

    public init(paper: PaperSize, orientation: Orientation, margins: Margins = .report, footer: PageFooter? = nil,
                language: String? = nil, metadata: [String: String] = [:]) {
        self.paper = paper
        self.orientation = orientation
        self.margins = margins
        self.footer = footer
        self.language = language
        self.metadata = metadata
    }

    /// Writes the PDF to `path` and returns its page count.
    @discardableResult
    public func render(to path: String, _ draw: (PDFCanvas) throws -> Void) throws -> Int {
        let counted = try pass(path: nil, totalPages: nil, draw)
        let written = try pass(path: path, totalPages: counted, draw)
        return written
    }

    private func pass(path: String?, totalPages: Int?, _ draw: (PDFCanvas) throws -> Void) throws -> Int {
        let size = paper.size(orientation)
        let canvas = try PDFCanvas(path: path, width: size.width, height: size.height, margins: margins, footer: footer,
                                   totalPages: totalPages, language: language, metadata: metadata)
        try draw(canvas)
        try canvas.finish()
        return canvas.pageNumber
    }
}
