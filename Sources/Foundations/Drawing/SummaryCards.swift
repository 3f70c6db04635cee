/// A row of boxes, each a key figure with its label: the numbers a reader
/// looks for before the detail.
public struct SummaryCards: Sendable {
    public struct Card: Sendable {
        public var label: String
        public var value: String
        public init(label: String, value: String) {
            self.label = label
            self.value = value
        }
    }

    public var cards: [Card]
    public var spacing: Double = 10

    public init(_ cards: [Card]) { self.cards = cards }

    public func draw(on canvas: PDFCanvas) {
        guard !cards.isEmpty else { return }
        let width = (canvas.contentWidth - spacing * Double(cards.count - 1)) / Double(cards.count)
        let labelStyle = TextStyle(size: 7.5, color: .secondaryText)
        let valueStyle = TextStyle(size: 17, bold: true, color: .accent)
        let padding = 9.0
        let laidOut = cards.map { card in
            (canvas.layout(card.label.uppercased(), style: labelStyle, width: width - 2 * padding, maxLines: 2),
             canvas.layout(card.value, style: valueStyle, width: width - 2 * padding, maxLines: 1))
        }
        let height = 2 * padding + 4 + (laidOut.map { $0.0.height + $0.1.height }.max() ?? 0)
        canvas.ensureSpace(height)
        for (index, (label, value)) in laidOut.enumerated() {
            let box = Rect(x: canvas.left + Double(index) * (width + spacing), y: canvas.y, width: width, height: height)
            canvas.fill(box, .cardFill, cornerRadius: 5)
            canvas.fill(Rect(x: box.x, y: box.y + 6, width: 3, height: box.height - 12), .accent)
            canvas.draw(label, x: box.x + padding, y: box.y + padding, color: labelStyle.color)
            canvas.draw(value, x: box.x + padding, y: box.y + padding + label.height + 4, color: valueStyle.color)
        }
        canvas.y += height + 16
    }
}
