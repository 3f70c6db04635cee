// The expected.json entry of a book that is not a PDF. Its pages exist only
// once MuPDF has laid it out at the reference layout, so the written file is
// opened as ibook opens it (BookOpening) and its page count, labels, outline
// pages and probe pages are read from that layout; what the generator wrote
// (title, author, contents, page list) is checked against what is read back.

import BookOpening
import Documents

enum ReflowManifest {
    struct Declared {
        var title: String
        var author: String
        var subject: String?
        var keywords: String?
        var publisher: String?
        var series: String?
        var seriesIndex: Double?
        var isbn: String?
        /// The contents the file declares, for a check of what is read: title and depth.
        var contents: [(title: String, depth: Int)]?
        /// The print edition's page labels, in order, when the book has a page list.
        var pageLabels: [String]?
        var probes: [String]
    }

    static func entry(path: String, file: String, declared: Declared) throws -> ManifestBook {
        let opened = try BookOpener.open(path: path)
        guard let book = opened.document as? ReflowBook else {
            throw WriterError(description: "\(file) was not opened by the reflow engine")
        }
        func check(_ condition: Bool, _ problem: @autoclosure () -> String) throws {
            if !condition { throw WriterError(description: "\(file): \(problem())") }
        }

        let title = opened.plainText?.title ?? book.engine.metadata.title
        let authors = opened.plainText.map { $0.author.map { [$0] } ?? [] }
            ?? book.engine.metadata.creators.filter { $0.role == nil || $0.role == "aut" }.map(\.name)
        try check(title == declared.title, "reads as titled \(title ?? "nothing"), not \(declared.title)")
        try check(authors == [declared.author], "reads as by \(authors), not \(declared.author)")

        var outline = book.outline()
        if outline.isEmpty, let chapters = opened.plainText?.chapters {
            outline = PlainTextOutline.entries(chapters, in: book)
        }
        var entries: [ManifestOutlineEntry] = []
        for entry in outline {
            guard let page = entry.page else { throw WriterError(description: "\(file): \(entry.title) resolves to no page") }
            entries.append(ManifestOutlineEntry(title: entry.title, depth: entry.depth, page: page))
        }
        if let contents = declared.contents {
            try check(entries.map(\.title) == contents.map(\.title) && entries.map(\.depth) == contents.map(\.depth),
                      "its outline reads as \(entries.map(\.title))")
        }
        try check(entries.map(\.page) == entries.map(\.page).sorted(), "its outline goes back in the book")

        let pages = 1...book.pageCount
        var labels: [String]?
        if let printed = declared.pageLabels {
            let read = pages.map { book.pageLabel($0) }
            let found = read.compactMap { $0 }
            // Pages before the first print page (a cover, a title page) have none; after it, every page has one.
            try check(!read.drop { $0 == nil }.contains(nil), "pages without a label after the first: \(read)")
            // Each label is the print edition's, in its order; a print page shorter than a laid-out one is
            // skipped, and a laid-out page without a page break of its own keeps the page it is on.
            var position = printed.startIndex
            for label in found {
                guard let index = printed[position...].firstIndex(of: label) else {
                    throw WriterError(description: "\(file): label \(label) is out of the page list's order")
                }
                position = index
            }
            // One per page, as `info` lists them: a page before the first print page has an empty one.
            labels = read.map { $0 ?? "" }
        }

        let texts = pages.map { squeezed(book.pageText($0)) }
        var probes: [ManifestProbe] = []
        for probe in declared.probes {
            let found = pages.filter { texts[$0 - 1].contains(squeezed(probe)) }
            try check(!found.isEmpty, "no page holds \(probe)")
            probes.append(ManifestProbe(text: probe, pages: found))
        }
        let sizes = pages.map { number -> [Int] in
            let size = book.engine.pageSize(number)
            return [Int(size.width.rounded()), Int(size.height.rounded())]
        }
        return ManifestBook(
            file: file, title: declared.title, author: declared.author, subject: declared.subject,
            keywords: declared.keywords, creator: nil, pageCount: book.pageCount, labels: labels, outline: entries,
            pageSizes: sizes, probes: probes, format: book.format.rawValue, publisher: declared.publisher,
            series: declared.series, seriesIndex: declared.seriesIndex, isbn: declared.isbn)
    }

    /// Without the spaces and line breaks that layout moves about.
    private static func squeezed(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
    }
}

extension ReflowManifest.Declared {
    /// What the EPUB's package and navigation say, as the library shows an EPUB's: its description
    /// is the subject, its subjects the keywords.
    init(_ book: EPUBBook) {
        self.init(title: book.title, author: book.author, subject: book.description,
                  keywords: book.subjects.joined(separator: ", "), publisher: book.publisher, series: book.series,
                  seriesIndex: Double(book.seriesIndex), isbn: book.isbn,
                  contents: book.contents.map { ($0.title, $0.depth) }, pageLabels: book.pageList.map(\.label),
                  probes: book.probes)
    }

    init(_ text: TextBookSpec) {
        self.init(title: text.title, author: text.author, probes: text.probes)
    }
}
