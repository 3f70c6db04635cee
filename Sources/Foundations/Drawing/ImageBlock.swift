/// A picture on its own line, scaled down to fit the width and a maximum height.
public struct ImageBlock: Sendable {
    public var path: String
    public var maxHeight: Double
    public var alignment: TextAlignment

    public init(path: String, maxHeight: Double = 200, alignment: TextAlignment = .leading) {
        self.path = path
        self.maxHeight = maxHeight
        self.alignment = alignment
    }

    public func draw(on canvas: PDFCanvas) throws {
        let image = try PNGImage(path: path)
        let size = image.fittedSize(in: (canvas.contentWidth, min(maxHeight, canvas.bottom - canvas.top)))
        canvas.ensureSpace(size.height)
        let x: Double
        switch alignment {
        case .leading: x = canvas.left
        case .center: x = canvas.left + (canvas.contentWidth - size.width) / 2
        case .trailing: x = canvas.right - size.width
        }
        canvas.draw(image, in: Rect(x: x, y: canvas.y, width: size.width, height: size.height))
        canvas.y += size.height + 10
    }
}
