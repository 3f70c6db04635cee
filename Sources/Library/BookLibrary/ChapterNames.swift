import Documents
import Store

/// The chapter a search hit or a highlight in a laid-out book (EPUB, FB2, MOBI, plain text)
/// falls in, for saying where it is: its page depends on the reference layout, its chapter on
/// the book alone. Each laid-out book's outline is read once; a PDF's hits keep their page alone.
public struct ChapterNames {
    private let database: any SQLEngine
    private var outlines: [Int: [TOCEntry]] = [:]
    /// Pages' text squeezed, by book and page: a common word's hits are many to a page (12 of
    /// "whale"'s first 20 on one), and squeezing the page was most of such a search.
    private var squeezedPages: [String: String] = [:]

    init(database: any SQLEngine) { self.database = database }

    /// The title of the deepest outline entry the hit comes after; nil for a PDF or before the first entry.
    public mutating func chapter(of hit: SearchHit) throws -> String? {
        if outlines[hit.bookID] == nil {
            // The hit says the book's format: a PDF (most of a rare word's hundreds of books)
            // costs no question to the library, which on a shared one is a round trip.
            guard hit.bookFormat.isLaidOut,
                  let book = try Catalog(database: database).book(id: hit.bookID), book.format.isLaidOut else {
                outlines[hit.bookID] = []
                return nil
            }
            outlines[hit.bookID] = try TableOfContents(database: database).flat(book, maxDepth: nil)
        }
        guard let outline = outlines[hit.bookID], let index = Annotations.chapter(of: hit.page, in: outline) else { return nil }
        guard outline[index].page == hit.page, let page = squeezedPage(bookID: hit.bookID, page: hit.page) else {
            return outline[index].title
        }
        let before = Self.squeezed(hit.snippet.before.drop { $0 == "…" })
        guard let found = page.firstRange(of: before + (before.isEmpty ? "" : " ") + Self.squeezed(hit.snippet.match)) else {
            return outline[index].title
        }
        // Where the match itself starts: a heading it is part of comes before it.
        let place = page.distance(from: page.startIndex, to: found.lowerBound) + (before.isEmpty ? 0 : before.count + 1)
        return Self.entry(index, in: outline, page: hit.page, squeezedText: page, at: place).map { outline[$0].title }
    }

    private mutating func squeezedPage(bookID: Int, page: Int) -> String? {
        let key = "\(bookID) \(page)"
        if let text = squeezedPages[key] { return text }
        guard let text = Self.storedText(database, bookID: bookID, page: page).map(Self.squeezed) else { return nil }
        squeezedPages[key] = text
        return text
    }

    static func storedText(_ database: any SQLEngine, bookID: Int, page: Int) -> String? {
        let stored = (try? database.queryRow("SELECT text FROM pages WHERE book_id = ? AND page = ?", [bookID, page]))??["text"] ?? .null
        return try? StoredText.decode(stored)
    }

    /// Of `index` (the last entry at or before the page) and the entries before it, the one a place
    /// on the page comes after, the place counted in characters of the page's text squeezed: the
    /// outline knows pages only, and a heading further down the page is not yet the place's chapter.
    /// nil when the place comes before the book's first entry.
    static func entry(_ index: Int, in outline: [TOCEntry], page: Int, squeezedText text: String, at place: Int) -> Int? {
        var index = index
        while outline[index].page == page, let heading = text.firstRange(of: squeezed(outline[index].title)),
              text.distance(from: text.startIndex, to: heading.lowerBound) > place {
            guard index > 0 else { return nil }
            index -= 1
        }
        return index
    }

    /// Each run of white space one space, as snippets have it.
    static func squeezed<S: StringProtocol>(_ text: S) -> String {
        text.split(whereSeparator: isWhitespace).joined(separator: " ")
    }

    /// `Character.isWhitespace`, which looks up a Unicode property even for a letter of ASCII
    /// (a fifth of a search of a common word): ASCII's white space is tab to carriage return and
    /// the space ("\r\n" is one character, whose ASCII value is the line feed's).
    private static func isWhitespace(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
        return character.isWhitespace
    }
}

extension Library {
    /// Names the chapters of laid-out books' search hits (see `ChapterNames`); reading them records no history.
    public func chapterNames() -> ChapterNames { ChapterNames(database: engine) }
}
