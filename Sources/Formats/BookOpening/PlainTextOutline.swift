import Documents
import PlainTextBooks

/// A plain-text book's chapters as an outline: each heading is looked for
/// on the laid-out pages, in order, from the page of the one before. Here
/// rather than where books are indexed, so that the sample generator says
/// the same pages the library will.
public enum PlainTextOutline {
    public static func entries(_ chapters: [PlainTextChapter], in book: ReflowBook) -> [OutlineEntry] {
        var page = 1
        var texts: [Int: String] = [:]
        func text(_ number: Int) -> String {
            if let known = texts[number] { return known }
            let read = Self.squeezed(book.pageText(number))
            texts[number] = read
            return read
        }
        let base = chapters.map(\.level).min() ?? 0
        return chapters.map { chapter in
            let heading = squeezed(chapter.title)
            var found: Int?
            var candidate = page
            // A heading the layout split past recognition is not looked for to the end of the book.
            while candidate <= min(book.pageCount, page + 200), !heading.isEmpty {
                if text(candidate).contains(heading) { found = candidate; break }
                candidate += 1
            }
            if let found { page = found }
            return OutlineEntry(title: chapter.title, depth: chapter.level - base, page: found ?? page)
        }
    }

    /// Without spaces and line breaks, which layout moves about.
    private static func squeezed(_ text: String) -> String {
        String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init))
    }
}
