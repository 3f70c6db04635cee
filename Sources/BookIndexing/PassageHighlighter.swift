import PageThumbnails
import BookLibrary
import Foundation
import PDF

/// Finds a passage among a book's glyphs and turns it into a highlight with
/// one rectangle per line, its text read back from under those rectangles
/// exactly as a highlight in the PDF would be read.
struct PassageHighlighter {
    let library: Library
    let book: Book
    let password: String?

    struct Hit {
        var page: Int
        var range: ClosedRange<Int>
        var glyphs: [Glyph]
        var pageSize: (width: Double, height: Double)
    }

    func highlight(_ request: HighlightRequest) throws -> Annotation {
        let passage = request.passage.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !passage.isEmpty else { throw LibraryError.invalidArgument("the passage to highlight is empty") }
        let document = try BookFile.document(of: book, password: password)
        var pages: [Int] = []
        if let reference = request.page {
            pages = [try library.location(of: reference, in: book).page]
        } else {
            // The stored text says which pages to open.
            try library.forEachPageText(of: book) { page, text in
                if !PassageFinder.occurrences(of: passage, in: Array(text)).isEmpty { pages.append(page) }
            }
        }
        var hits: [Hit] = []
        for page in pages {
            guard let pdfPage = document.page(at: page - 1) else { continue }
            let glyphs = pdfPage.glyphs()
            let size = pdfPage.size
            hits += PassageFinder.occurrences(of: passage, in: glyphs).map {
                Hit(page: page, range: $0, glyphs: glyphs, pageSize: size)
            }
        }
        guard !hits.isEmpty else { throw AnnotationError.passageNotFound(passage, page: pages.count == 1 && request.page != nil ? pages[0] : nil) }
        let hit: Hit
        if let occurrence = request.occurrence {
            guard (1...hits.count).contains(occurrence) else {
                throw AnnotationError.occurrenceOutOfRange(occurrence, count: hits.count)
            }
            hit = hits[occurrence - 1]
        } else if let near = request.near {
            hit = hits.min { distance($0, near) < distance($1, near) } ?? hits[0]
        } else {
            guard hits.count == 1 else {
                throw AnnotationError.ambiguousPassage(passage, count: hits.count, candidates: try hits.prefix(10).map(describe))
            }
            hit = hits[0]
        }
        let rectangles = PassageFinder.lineRectangles(hit.range, in: hit.glyphs)
        let covered = CoveredText.span(of: hit.glyphs, inside: rectangles)
        let now = Date()
        return try library.addAnnotation(book, NewAnnotation(
            page: hit.page, kind: .highlight, source: .ibook,
            text: covered?.text, textSpan: covered?.glyphs, note: request.note, color: request.color,
            boxes: rectangles.map { AnnotationBox(x1: $0.x1, y1: $0.y1, x2: $0.x2, y2: $0.y2) }, pageSize: hit.pageSize,
            createdAt: now, modifiedAt: now))
    }

    private func distance(_ hit: Hit, _ point: (x: Double, y: Double)) -> Double {
        guard let box = PassageFinder.lineRectangles(hit.range, in: hit.glyphs).first,
              hit.pageSize.width > 0, hit.pageSize.height > 0 else { return .infinity }
        let x = (box.x1 + box.x2) / 2 / hit.pageSize.width, y = (box.y1 + box.y2) / 2 / hit.pageSize.height
        return (x - point.x) * (x - point.x) + (y - point.y) * (y - point.y)
    }

    /// "p. 12 (viii): …the quiet [harbour] lights…"
    private func describe(_ hit: Hit) throws -> String {
        let location = try library.location(of: .number(hit.page), in: book)
        let characters = hit.glyphs.map(\.character)
        func words(_ range: Range<Int>) -> String {
            var text = ""
            for character in characters[range] {
                if character.isWhitespace {
                    if text.last != " " { text.append(" ") }
                } else {
                    text.append(character)
                }
            }
            return text
        }
        // About 30 characters either side, in whole words.
        var start = max(0, hit.range.lowerBound - 30)
        while start > 0, start < hit.range.lowerBound, !characters[start - 1].isWhitespace { start += 1 }
        var end = min(characters.count, hit.range.upperBound + 31)
        while end < characters.count, end > hit.range.upperBound + 1, !characters[end].isWhitespace { end -= 1 }
        let before = String(words(start..<hit.range.lowerBound).drop { $0 == " " })
        var after = words((hit.range.upperBound + 1)..<end)
        while after.last == " " { after.removeLast() }
        let label = PageLabel.distinct(location.label, page: hit.page).map { " (\($0))" } ?? ""
        return "p. \(hit.page)\(label): …\(before)[\(words(hit.range.lowerBound..<(hit.range.upperBound + 1)))]\(after)…"
    }
}

extension Library {
    /// Highlights a passage of the book; see `PassageHighlighter`.
    public func highlight(_ book: Book, _ request: HighlightRequest, password: String? = nil) throws -> Annotation {
        try PassageHighlighter(library: self, book: book, password: password).highlight(request)
    }
}
