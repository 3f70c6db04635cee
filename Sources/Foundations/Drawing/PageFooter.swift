/// The line at the foot of every page: who made the document and when on
/// the left, the page number and total on the right.
public struct PageFooter: Sendable {
    public static let height: Double = 22

    public var leftText: String
    /// Builds the right-hand text from the page number and the total; the
    /// total is the page number itself in the counting pass.
    public var pageText: @Sendable (_ page: Int, _ total: Int) -> String
    public var style: TextStyle

    public init(leftText: String, style: TextStyle = .small,
                pageText: @escaping @Sendable (_ page: Int, _ total: Int) -> String = { "Page \($0) of \($1)" }) {
        self.leftText = leftText
        self.pageText = pageText
        self.style = style
    }

    func draw(on canvas: PDFCanvas) {
        let ruleY = canvas.pageHeight - canvas.margins.bottom - PageFooter.height + 8
        canvas.line(from: (canvas.left, ruleY), to: (canvas.right, ruleY), .rule)
        let textY = ruleY + 5
        let right = pageText(canvas.pageNumber, canvas.totalPages ?? canvas.pageNumber)
        let rightLayout = canvas.layout(right, style: style.with(alignment: .trailing), width: canvas.contentWidth / 3, maxLines: 1)
        canvas.draw(rightLayout, x: canvas.right - canvas.contentWidth / 3, y: textY, color: style.color)
        canvas.drawText(leftText, style: style, x: canvas.left, y: textY, width: canvas.contentWidth * 2 / 3 - 12, maxLines: 1)
    }
}
