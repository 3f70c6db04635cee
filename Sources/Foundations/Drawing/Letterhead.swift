/// The organisation's heading at the top of the first page: logo, name in
/// capitals, address and contact lines, then a rule across the page.
public struct Letterhead: Sendable {
    public var name: String
    public var address: String?
    public var phone: String?
    public var email: String?
    /// A PNG; a missing or unreadable file leaves the space to the text.
    public var logoPath: String?

    public static let logoHeight: Double = 46

    public init(name: String, address: String? = nil, phone: String? = nil, email: String? = nil, logoPath: String? = nil) {
        self.name = name
        self.address = address
        self.phone = phone
        self.email = email
        self.logoPath = logoPath
    }

    public func draw(on canvas: PDFCanvas) {
        let top = canvas.y
        var textX = canvas.left
        var logoBottom = top
        if let logoPath, let logo = try? PNGImage(path: logoPath) {
            let size = logo.fittedSize(in: (Letterhead.logoHeight * 3, Letterhead.logoHeight))
            canvas.draw(logo, in: Rect(x: canvas.left, y: top, width: size.width, height: size.height))
            textX += size.width + 14
            logoBottom = top + size.height
        }
        let width = canvas.right - textX
        var y = top
        y += canvas.drawText(name.uppercased(), style: TextStyle(size: 15, bold: true, color: .accent),
                             x: textX, y: y, width: width, maxLines: 2)
        let detail = TextStyle(size: 8.5, color: .secondaryText)
        for line in [address, phone, email].compactMap({ $0 }).filter({ !$0.isEmpty }) {
            y += 1 + canvas.drawText(line, style: detail, x: textX, y: y + 1, width: width, maxLines: 2)
        }
        let ruleY = max(y, logoBottom) + 8
        canvas.line(from: (canvas.left, ruleY), to: (canvas.right, ruleY), .accent, width: 1.2)
        canvas.y = ruleY + 14
    }
}
