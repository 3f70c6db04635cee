/// The report's name in large type, with an optional line under it saying
/// what it covers (a period, a query, a book).
public struct ReportTitle: Sendable {
    public var title: String
    public var subtitle: String?

    public init(_ title: String, subtitle: String? = nil) {
        self.title = title
        self.subtitle = subtitle
    }

    public func draw(on canvas: PDFCanvas) {
        canvas.y += canvas.drawText(title, style: TextStyle(size: 19, bold: true), x: canvas.left, y: canvas.y,
                                    width: canvas.contentWidth, maxLines: 2)
        if let subtitle, !subtitle.isEmpty {
            canvas.y += 2 + canvas.drawText(subtitle, style: TextStyle(size: 10.5, color: .secondaryText),
                                            x: canvas.left, y: canvas.y + 2, width: canvas.contentWidth, maxLines: 2)
        }
        canvas.y += 14
    }
}
