import BookLibrary
import PageThumbnails

extension Library {
    /// Reads a page like `read`, with the text laid out from the glyph
    /// positions of the PDF itself so that columns stay apart.
    public func readLayout(_ book: Book, _ request: PageRequest, password: String? = nil) throws -> PageText {
        var page = try read(book, request)
        guard page.hasText else { return page }
        page.text = try BookFile.page(page.page, of: book, password: password).layoutText()
        return page
    }
}
