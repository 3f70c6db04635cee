/// A table that flows over as many pages as it needs. Columns share the
/// width by weight; the header row is repeated at the top of every page;
/// rows are shaded alternately. Each cell's text is laid out at the cell's
/// width, wrapped and cut with an ellipsis after `maxLines`, and drawn
/// clipped to the cell, so nothing spills into a neighbour.
public struct DataTable: Sendable {
    public struct Column: Sendable {
        public var title: String
        public var weight: Double
        public var alignment: TextAlignment
        public var maxLines: Int

        public init(_ title: String, weight: Double = 1, alignment: TextAlignment = .leading, maxLines: Int = 3) {
            self.title = title
            self.weight = weight
            self.alignment = alignment
            self.maxLines = maxLines
        }
    }

    public enum Cell: Sendable {
        case text(String)
        /// A PNG; nil or an unreadable file leaves the cell empty.
        case image(path: String?)
        case badge(String, Color)
        case empty
    }

    public var columns: [Column]
    public var rows: [[Cell]]
    public var totals: [Cell]?
    public var bodyStyle = TextStyle(size: 8.5)
    public var headerStyle = TextStyle(size: 8.5, bold: true, color: .white)
    public var headerFill = Color.headerFill
    public var stripe = Color.stripe
    public var padding = (x: 5.0, y: 4.0)
    /// The height images are drawn at, e.g. cover thumbnails.
    public var imageHeight = 34.0

    public init(columns: [Column], rows: [[Cell]], totals: [Cell]? = nil) {
        self.columns = columns
        self.rows = rows
        self.totals = totals
    }

    /// Left edge and width of each column, for a table `width` wide starting at `x`.
    public func columnFrames(x: Double, width: Double) -> [(x: Double, width: Double)] {
        let total = columns.reduce(0) { $0 + max(0, $1.weight) }
        var frames: [(x: Double, width: Double)] = []
        var left = x
        for column in columns {
            let share = total > 0 ? width * max(0, column.weight) / total : width / Double(columns.count)
            frames.append((left, share))
            left += share
        }
        return frames
    }

    public func draw(on canvas: PDFCanvas) {
        guard !columns.isEmpty else { return }
        let frames = columnFrames(x: canvas.left, width: canvas.contentWidth)
        let header = columns.map { Cell.text($0.title) }
        let previousHook = canvas.onNewPage
        canvas.onNewPage = { canvas in
            previousHook?(canvas)
            drawRow(header, frames: frames, on: canvas, style: headerStyle, fill: headerFill, maxLines: 2)
        }
        defer { canvas.onNewPage = previousHook }

        // The header must not be left alone at the bottom of a page.
        let headerHeight = measure(header, frames: frames, on: canvas, style: headerStyle, maxLines: 2)
        let firstRow = rows.first.map { measure($0, frames: frames, on: canvas, style: bodyStyle, maxLines: nil) } ?? 0
        if canvas.y + headerHeight + firstRow > canvas.bottom { canvas.newPage() } else {
            drawRow(header, frames: frames, on: canvas, style: headerStyle, fill: headerFill, maxLines: 2)
        }
        for (index, row) in rows.enumerated() {
            let height = measure(row, frames: frames, on: canvas, style: bodyStyle, maxLines: nil)
            if canvas.y + height > canvas.bottom { canvas.newPage() }
            drawRow(row, frames: frames, on: canvas, style: bodyStyle, fill: index % 2 == 1 ? stripe : nil, maxLines: nil)
        }
        if let totals {
            let style = bodyStyle.with(bold: true)
            let height = measure(totals, frames: frames, on: canvas, style: style, maxLines: nil)
            if canvas.y + height > canvas.bottom { canvas.newPage() }
            canvas.line(from: (canvas.left, canvas.y), to: (canvas.right, canvas.y), .text, width: 1)
            drawRow(totals, frames: frames, on: canvas, style: style, fill: .cardFill, maxLines: nil)
        }
        canvas.y += 12
    }

    private func textWidth(_ frame: (x: Double, width: Double)) -> Double { max(1, frame.width - 2 * padding.x) }

    private func measure(_ row: [Cell], frames: [(x: Double, width: Double)], on canvas: PDFCanvas,
                         style: TextStyle, maxLines: Int?) -> Double {
        var height = 0.0
        for (index, cell) in row.enumerated() where index < columns.count {
            let column = columns[index]
            switch cell {
            case .text(let text):
                let laidOut = canvas.layout(text, style: style.with(alignment: column.alignment),
                                            width: textWidth(frames[index]), maxLines: maxLines ?? column.maxLines)
                height = max(height, laidOut.height)
            case .image(let path):
                if path != nil { height = max(height, imageHeight) }
            case .badge:
                height = max(height, style.size * 1.2 + 2 * StatusBadge.paddingY)
            case .empty:
                break
            }
        }
        return max(height, style.size * 1.2) + 2 * padding.y
    }

    private func drawRow(_ row: [Cell], frames: [(x: Double, width: Double)], on canvas: PDFCanvas,
                         style: TextStyle, fill: Color?, maxLines: Int?) {
        let height = measure(row, frames: frames, on: canvas, style: style, maxLines: maxLines)
        let top = canvas.y
        if let fill { canvas.fill(Rect(x: canvas.left, y: top, width: canvas.contentWidth, height: height), fill) }
        for (index, cell) in row.enumerated() where index < columns.count {
            let column = columns[index]
            let frame = Rect(x: frames[index].x, y: top, width: frames[index].width, height: height)
            canvas.clipped(to: frame) {
                switch cell {
                case .text(let text):
                    let laidOut = canvas.layout(text, style: style.with(alignment: column.alignment),
                                                width: textWidth(frames[index]), maxLines: maxLines ?? column.maxLines)
                    canvas.draw(laidOut, x: frame.x + padding.x, y: top + padding.y, color: style.color)
                case .image(let path):
                    guard let path, let image = try? PNGImage(path: path) else { return }
                    let size = image.fittedSize(in: (textWidth(frames[index]), imageHeight))
                    let x: Double
                    switch column.alignment {
                    case .leading: x = frame.x + padding.x
                    case .center: x = frame.x + (frame.width - size.width) / 2
                    case .trailing: x = frame.maxX - padding.x - size.width
                    }
                    canvas.draw(image, in: Rect(x: x, y: top + padding.y, width: size.width, height: size.height))
                    canvas.stroke(Rect(x: x, y: top + padding.y, width: size.width, height: size.height), .rule, lineWidth: 0.4)
                case .badge(let text, let color):
                    StatusBadge(text, color: color).draw(on: canvas, x: frame.x + padding.x, y: top + padding.y,
                                                         maxWidth: textWidth(frames[index]))
                case .empty:
                    break
                }
            }
        }
        canvas.line(from: (canvas.left, top + height), to: (canvas.right, top + height), .rule, width: 0.4)
        canvas.y = top + height
    }
}
