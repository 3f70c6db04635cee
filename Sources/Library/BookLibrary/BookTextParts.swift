/// A book's pages cut into `count` consecutive runs, its text parts: each
/// store's book index holds a book's parts apart (`book_index`'s columns,
/// `PostgresPageIndex`'s rows), and search ranks books and picks where to
/// look by which parts hold the words (`RankedBook`).
package enum BookTextParts {
    /// The book's pages split into this many runs (fewer pages than parts leave parts empty).
    package static let count = 64

    /// The 0-based page positions (in page order) that text part `part` covers in a book of `pageCount` pages.
    package static func pagePositions(ofPart part: Int, pageCount: Int) -> Range<Int> {
        (part * pageCount / count)..<((part + 1) * pageCount / count)
    }
}
