/// A short status word on a coloured pill, e.g. "Finished" in green.
public struct StatusBadge: Sendable {
    public var text: String
    public var color: Color
    public var style = TextStyle(size: 7.5, bold: true, color: .white)

    public static let paddingX: Double = 6
    public static let paddingY: Double = 2.5

    public init(_ text: String, color: Color) {
        self.text = text
        self.color = color
    }

    /// Draws with the top-left corner at (x, y), never wider than `maxWidth`; returns the size used.
    @discardableResult
    public func draw(on canvas: PDFCanvas, x: Double, y: Double, maxWidth: Double) -> (width: Double, height: Double) {
        let inner = max(1, maxWidth - 2 * StatusBadge.paddingX)
        let probe = canvas.layout(text, style: style, width: inner, maxLines: 1)
        let textWidth = min(inner, probe.textWidth.rounded(.up) + 1)
        let laidOut = canvas.layout(text, style: style, width: textWidth, maxLines: 1)
        let box = Rect(x: x, y: y, width: textWidth + 2 * StatusBadge.paddingX, height: laidOut.height + 2 * StatusBadge.paddingY)
        canvas.fill(box, color, cornerRadius: box.height / 2)
        canvas.draw(laidOut, x: x + StatusBadge.paddingX, y: y + StatusBadge.paddingY, color: style.color)
        return (box.width, box.height)
    }
}
