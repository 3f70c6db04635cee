import BookOpening
import PageThumbnails
import BookLibrary
import Foundation
import PDF
import ReflowDocuments

/// Finds a passage among a book's glyphs and turns it into a highlight with
/// one rectangle per line, its text read back from under those rectangles
/// exactly as a highlight in the PDF would be read. In a laid-out book (EPUB,
/// FB2, MOBI, plain text) the passage is found in the reference layout's page
/// text and kept as the letters of its chapter it covers, which any layout
/// finds again; its page and rectangles are the reference layout's.
struct PassageHighlighter {
    let library: Library
    let book: Book
    let password: String?

    struct Hit {
        var page: Int
        var range: ClosedRange<Int>
        var characters: [Character]
        var pageSize: (width: Double, height: Double)
        /// Worked out for the hits that need it: a laid-out page asks the engine for each.
        var place: () -> Place
    }

    /// Where a hit is on its page, and what it reads.
    struct Place {
        var boxes: [AnnotationBox]
        var text: String?
        var textSpan: ClosedRange<Int>?
        var chapterRange: ChapterRange?
    }

    func highlight(_ request: HighlightRequest) throws -> Annotation {
        let passage = request.passage.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !passage.isEmpty else { throw LibraryError.invalidArgument("the passage to highlight is empty") }
        let pages: (Int) -> [Hit]
        if book.format.isLaidOut {
            guard let document = try BookFile.pages(of: book, password: password) as? ReflowBook else {
                throw LibraryError.needsPDF(book.path, format: book.format)
            }
            pages = { page in Self.hits(of: passage, onPage: page, in: document) }
        } else {
            let document = try BookFile.document(of: book, password: password)
            pages = { page in
                guard let pdfPage = document.page(at: page - 1) else { return [] }
                return Self.hits(of: passage, onPage: page, glyphs: pdfPage.glyphs(), size: pdfPage.size)
            }
        }
        var candidates: [Int] = []
        if let reference = request.page {
            candidates = [try library.location(of: reference, in: book).page]
        } else {
            // The stored text says which pages to open.
            try library.forEachPageText(of: book) { page, text in
                if !PassageFinder.occurrences(of: passage, in: Array(text)).isEmpty { candidates.append(page) }
            }
        }
        let hits = candidates.flatMap(pages)
        guard !hits.isEmpty else {
            throw AnnotationError.passageNotFound(passage, page: candidates.count == 1 && request.page != nil ? candidates[0] : nil)
        }
        let hit: Hit
        if let occurrence = request.occurrence {
            guard (1...hits.count).contains(occurrence) else {
                throw AnnotationError.occurrenceOutOfRange(occurrence, count: hits.count)
            }
            hit = hits[occurrence - 1]
        } else if let near = request.near {
            let distances = hits.map { distance($0, near) }
            hit = hits[distances.indices.min { distances[$0] < distances[$1] } ?? 0]
        } else {
            guard hits.count == 1 else {
                throw AnnotationError.ambiguousPassage(passage, count: hits.count, candidates: try hits.prefix(10).map(describe))
            }
            hit = hits[0]
        }
        let place = hit.place()
        let now = Date()
        return try library.addAnnotation(book, NewAnnotation(
            page: hit.page, kind: .highlight, source: .ibook,
            text: place.text, textSpan: place.textSpan, note: request.note, color: request.color,
            boxes: place.boxes, pageSize: hit.pageSize, chapterRange: place.chapterRange,
            createdAt: now, modifiedAt: now))
    }

    private static func hits(of passage: String, onPage page: Int, glyphs: [Glyph], size: (width: Double, height: Double)) -> [Hit] {
        PassageFinder.occurrences(of: passage, in: glyphs).map { range in
            Hit(page: page, range: range, characters: glyphs.map(\.character), pageSize: size) {
                let rectangles = PassageFinder.lineRectangles(range, in: glyphs)
                let covered = CoveredText.span(of: glyphs, inside: rectangles)
                return Place(boxes: rectangles.map { AnnotationBox(x1: $0.x1, y1: $0.y1, x2: $0.x2, y2: $0.y2) },
                             text: covered?.text, textSpan: covered?.glyphs)
            }
        }
    }

    private static func hits(of passage: String, onPage page: Int, in document: ReflowBook) -> [Hit] {
        guard (1...max(1, document.pageCount)).contains(page) else { return [] }
        let characters = Array(document.pageText(page))
        let size = document.engine.pageSize(page)
        return PassageFinder.occurrences(of: passage, in: characters).map { range in
            Hit(page: page, range: range, characters: characters, pageSize: size) {
                // The page's letters before the hit, and in it, counted as positions count them.
                let before = characters[..<range.lowerBound].reduce(0) { $0 + ReflowText.letters(in: $1) }
                let inside = characters[range].reduce(0) { $0 + ReflowText.letters(in: $1) }
                let start = document.engine.position(ofPage: page)
                let first = ReflowPosition(chapter: start.chapter, letters: start.letters + before)
                let last = ReflowPosition(chapter: start.chapter, letters: start.letters + before + max(1, inside) - 1)
                let boxes = document.engine.letterBoxes(page: page, first: first, last: last).map {
                    AnnotationBox(x1: $0.x * size.width, y1: $0.y * size.height,
                                  x2: ($0.x + $0.width) * size.width, y2: ($0.y + $0.height) * size.height)
                }
                return Place(boxes: boxes, text: ReflowText.joined(characters[range]), textSpan: range,
                             chapterRange: ChapterRange(chapter: first.chapter, firstLetter: first.letters, lastLetter: last.letters))
            }
        }
    }

    private func distance(_ hit: Hit, _ point: (x: Double, y: Double)) -> Double {
        guard let box = hit.place().boxes.first, hit.pageSize.width > 0, hit.pageSize.height > 0 else { return .infinity }
        let x = (box.x1 + box.x2) / 2 / hit.pageSize.width, y = (box.y1 + box.y2) / 2 / hit.pageSize.height
        return (x - point.x) * (x - point.x) + (y - point.y) * (y - point.y)
    }

    /// "p. 12 (viii): …the quiet [harbour] lights…"
    private func describe(_ hit: Hit) throws -> String {
        let location = try library.location(of: .number(hit.page), in: book)
        let characters = hit.characters
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
