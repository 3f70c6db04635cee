import BookLibrary
import BookOpening
import PageThumbnails

/// Where a laid-out book's page of the reference layout starts in its text, for `note`: its chapter
/// and the letters of the chapter before it (white space not counted), as the reflow engine's
/// positions count them, so that a note found again at another type size is on the same text.
enum PageStartReading {
    static func start(of book: Book, page: Int) throws -> ChapterRange {
        guard let document = try BookFile.pages(of: book, password: nil) as? ReflowBook else {
            throw LibraryError.needsPDF(book.path, format: book.format)
        }
        let start = document.engine.position(ofPage: page)
        return ChapterRange(chapter: start.chapter, firstLetter: start.letters, lastLetter: start.letters)
    }
}
