/// "Label: value" lines under an optional heading, labels in a column of
/// their own so the values line up.
public struct InfoSection: Sendable {
    public var heading: String?
    public var items: [(label: String, value: String)]

    public init(heading: String? = nil, items: [(label: String, value: String)]) {
        self.heading = heading
        self.items = items
    }

    public func draw(on canvas: PDFCanvas) {
        guard !items.isEmpty else { return }
        if let heading {
            canvas.ensureSpace(40)
            canvas.y += 4 + canvas.drawText(heading, style: TextStyle(size: 11, bold: true, color: .accent),
                                            x: canvas.left, y: canvas.y, width: canvas.contentWidth, maxLines: 1)
        }
        let labelWidth = min(150, canvas.contentWidth * 0.3)
        let labelStyle = TextStyle(size: 9, bold: true, color: .secondaryText)
        for item in items {
            let label = canvas.layout(item.label + ":", style: labelStyle, width: labelWidth - 8, maxLines: 2)
            let value = canvas.layout(item.value, style: .body, width: canvas.contentWidth - labelWidth, maxLines: 4)
            let height = max(label.height, value.height) + 3
            canvas.ensureSpace(height)
            canvas.draw(label, x: canvas.left, y: canvas.y, color: labelStyle.color)
            canvas.draw(value, x: canvas.left + labelWidth, y: canvas.y, color: TextStyle.body.color)
            canvas.y += height
        }
        canvas.y += 10
    }
}
