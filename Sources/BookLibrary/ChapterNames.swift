import Store

/// The chapter a search hit in a laid-out book (EPUB, FB2, MOBI, plain text) falls in, for saying
/// where it is: its page depends on the reference layout, its chapter on the book alone. Each
/// book's format and outline are read once; a PDF's hits keep their page alone.
public struct ChapterNames {
    private let database: any SQLEngine
    private var outlines: [Int: [TOCEntry]] = [:]
    private var pages: [String: String] = [:]

    init(database: any SQLEngine) { self.database = database }

    /// The title of the deepest outline entry the hit comes after; nil for a PDF or before the first entry.
    public mutating func chapter(of hit: SearchHit) throws -> String? {
        if outlines[hit.bookID] == nil {
            guard let book = try Catalog(database: database).book(id: hit.bookID), book.format.isLaidOut else {
                outlines[hit.bookID] = []
                return nil
            }
            outlines[hit.bookID] = try TableOfContents(database: database).flat(book, maxDepth: nil)
        }
        guard let outline = outlines[hit.bookID], var index = Annotations.chapter(of: hit.page, in: outline) else { return nil }
        // The outline knows pages only: a heading further down the hit's page is not yet its chapter.
        if outline[index].page == hit.page, let text = try pageText(bookID: hit.bookID, page: hit.page),
           case let before = Self.squeezed(hit.snippet.before.drop { $0 == "…" }),
           let found = Self.squeezed(text).firstRange(of: before + (before.isEmpty ? "" : " ") + Self.squeezed(hit.snippet.match))?.lowerBound {
            let page = Self.squeezed(text)
            // Where the match itself starts: a heading it is part of comes before it.
            let at = page.index(found, offsetBy: before.isEmpty ? 0 : before.count + 1)
            while index > 0, outline[index].page == hit.page,
                  let heading = page.firstRange(of: Self.squeezed(Substring(outline[index].title)))?.lowerBound, heading > at {
                index -= 1
            }
            if index == 0, outline[0].page == hit.page,
               let heading = page.firstRange(of: Self.squeezed(Substring(outline[0].title)))?.lowerBound, heading > at { return nil }
        }
        return outline[index].title
    }

    private mutating func pageText(bookID: Int, page: Int) throws -> String? {
        let key = "\(bookID) \(page)"
        if let text = pages[key] { return text }
        let stored = try database.queryRow("SELECT text FROM pages WHERE book_id = ? AND page = ?", [bookID, page])?["text"] ?? .null
        guard let text = try? StoredText.decode(stored) else { return nil }
        pages[key] = text
        return text
    }

    /// Each run of white space one space, as snippets have it.
    private static func squeezed<S: StringProtocol>(_ text: S) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension Library {
    /// Names the chapters of laid-out books' search hits (see `ChapterNames`); reading them records no history.
    public func chapterNames() -> ChapterNames { ChapterNames(database: engine) }
}
