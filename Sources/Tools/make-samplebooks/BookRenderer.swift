// BookRenderer: lays out a BookSpec page by page with a BookWriter, builds
// the outline, then checks what was drawn against the spec (page count,
// probes) and returns the manifest entry describing the file.

import CPangoCairo

enum BookRenderer {
    static func render(_ book: BookSpec, toDirectory directory: String) throws -> ManifestBook {
        let path = directory.hasSuffix("/") ? directory + book.file : directory + "/" + book.file
        let writer = try BookWriter(path: path, metadata: book.metadata, unbreakable: book.probes.map(\.text))
        var outline = OutlineBuilder()

        for page in book.pages {
            writer.beginPage(size: page.size, label: page.label)
            try drawFurniture(page, writer: writer)
            try drawBlocks(page, writer: writer, outline: &outline)
        }
        try writer.finish()

        return try manifest(for: book, writer: writer, outline: outline.entries)
    }

    // MARK: Running heads and folios

    private static func drawFurniture(_ page: PageSpec, writer: BookWriter) throws {
        let width = Double(page.size.width) - 2 * page.margin
        let headY = page.margin / 2
        var small = Styles.small
        if let font = page.furnitureFont { small.font = font }
        if let left = page.headerLeft {
            try writer.drawText(left, style: small, x: page.margin, y: headY, width: width)
        }
        if let right = page.headerRight {
            var style = small
            style.alignment = .right
            try writer.drawText(right, style: style, x: page.margin, y: headY, width: width)
        }
        if page.headerLeft != nil || page.headerRight != nil {
            writer.setColor(0.6, 0.6, 0.6)
            writer.line(from: (page.margin, headY + 14), to: (page.margin + width, headY + 14), lineWidth: 0.4)
        }
        if let footer = page.footer {
            var style = small
            style.alignment = .center
            try writer.drawText(footer, style: style, x: page.margin,
                                y: Double(page.size.height) - page.margin / 2 - 10, width: width)
        }
    }

    // MARK: Body

    private static func drawBlocks(_ page: PageSpec, writer: BookWriter, outline: inout OutlineBuilder) throws {
        let x = page.margin
        let width = Double(page.size.width) - 2 * page.margin
        let bottom = Double(page.size.height) - page.margin
        var y = page.top ?? page.margin

        func checkFits() throws {
            if y > bottom + 0.5 {
                throw WriterError(description:
                    "\(writer.path) page \(writer.pageNumber): text overflows the bottom margin by \(Int(y - bottom)) pt")
            }
        }

        for block in page.blocks {
            switch block {
            case .text(let text, let style):
                y += style.spaceBefore
                y += try writer.drawText(text, style: style, x: x, y: y, width: width)
                try checkFits()
                y += style.spaceAfter

            case .heading(let text, let style, let mark):
                y += style.spaceBefore
                let draw = { try writer.drawText(text, style: style, x: x, y: y, width: width) }
                if let mark = mark, let name = mark.namedDestination {
                    y += try writer.namedDestination(name, draw)
                } else {
                    y += try draw()
                }
                if let mark = mark { outline.add(mark, writer: writer) }
                try checkFits()
                y += style.spaceAfter

            case .columns(let left, let right, let style):
                let gap = 20.0
                let columnWidth = (width - gap) / 2
                var yLeft = y, yRight = y
                for paragraph in left {
                    yLeft += try writer.drawText(paragraph, style: style, x: x, y: yLeft, width: columnWidth) + style.spaceAfter
                }
                for paragraph in right {
                    yRight += try writer.drawText(paragraph, style: style, x: x + columnWidth + gap, y: yRight,
                                                  width: columnWidth) + style.spaceAfter
                }
                writer.setColor(0.75, 0.75, 0.75)
                writer.line(from: (x + columnWidth + gap / 2, y), to: (x + columnWidth + gap / 2, max(yLeft, yRight) - 8),
                            lineWidth: 0.4)
                y = max(yLeft, yRight) - style.spaceAfter
                try checkFits()
                y += style.spaceAfter

            case .map(let map):
                try MapPainter.draw(map, writer: writer, x: x, y: y, width: width)
                y += map.height
                try checkFits()
                y += 6

            case .row(let left, let right, let style):
                y += style.spaceBefore
                var rightStyle = style
                rightStyle.alignment = .right
                let rightWidth = writer.measure(right, style: style, width: width).width
                let h1 = try writer.drawText(left, style: style, x: x, y: y, width: width - rightWidth - 12)
                let h2 = try writer.drawText(right, style: rightStyle, x: x, y: y, width: width)
                y += max(h1, h2)
                try checkFits()
                y += style.spaceAfter

            case .space(let amount):
                y += amount
            }
        }
    }

    // MARK: Checking and describing

    private static func manifest(for book: BookSpec, writer: BookWriter,
                                 outline: [ManifestOutlineEntry]) throws -> ManifestBook {
        func fail(_ message: String) -> WriterError { WriterError(description: "\(book.file): \(message)") }

        let labels = writer.labels
        let labelList: [String]?
        if labels.allSatisfy({ $0 == nil }) {
            labelList = nil
        } else if labels.allSatisfy({ $0 != nil }) {
            labelList = labels.map { $0! }
        } else {
            throw fail("either every page has a label or none does")
        }

        var probes: [ManifestProbe] = []
        for probe in book.probes {
            let exact = pages(of: probe.text, in: writer.pageTexts, folded: false)
            let folded = pages(of: probe.text, in: writer.pageTexts, folded: true)
            guard exact == folded else {
                throw fail("probe \"\(probe.text)\" is on pages \(exact) but case-insensitively on \(folded)")
            }
            guard exact == probe.pages else {
                throw fail("probe \"\(probe.text)\" was meant for pages \(probe.pages) but is on \(exact)")
            }
            probes.append(ManifestProbe(text: probe.text, pages: exact))
        }

        return ManifestBook(
            file: book.file,
            title: book.metadata.title,
            author: book.metadata.author,
            subject: book.metadata.subject,
            keywords: book.metadata.keywords,
            creator: book.metadata.creator,
            pageCount: writer.pageNumber,
            labels: labelList,
            outline: outline,
            pageSizes: writer.pageSizes.map { [$0.width, $0.height] },
            probes: probes)
    }

    private static func pages(of needle: String, in texts: [String], folded: Bool) -> [Int] {
        let n = Array((folded ? needle.lowercased() : needle).utf8)
        return texts.indices.filter { i in
            !byteOffsets(of: n, in: Array((folded ? texts[i].lowercased() : texts[i]).utf8)).isEmpty
        }.map { $0 + 1 }
    }
}

/// Keeps track of outline parents by depth and records the flattened outline.
struct OutlineBuilder {
    private var parents: [Int32] = []
    private(set) var entries: [ManifestOutlineEntry] = []

    mutating func add(_ mark: OutlineMark, writer: BookWriter) {
        precondition(mark.depth <= parents.count, "outline entry \"\(mark.title)\" skips a level")
        let parent = mark.depth == 0 ? Int32(CAIRO_PDF_OUTLINE_ROOT) : parents[mark.depth - 1]
        let target: OutlineTarget
        let page: Int
        if let name = mark.namedDestination {
            target = .named(name)
            page = writer.destinations[name]!
        } else {
            target = .page(writer.pageNumber)
            page = writer.pageNumber
        }
        let id = writer.addOutline(title: mark.title, parent: parent, target: target, open: mark.open)
        parents = Array(parents.prefix(mark.depth)) + [id]
        entries.append(ManifestOutlineEntry(title: mark.title, depth: mark.depth, page: page))
    }
}
