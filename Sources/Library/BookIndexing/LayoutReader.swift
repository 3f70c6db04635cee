import BookLibrary
import PageThumbnails

extension Library {
    /// Reads a page like `read`, with the text laid out from the glyph
    /// positions of the PDF itself so that columns stay apart; for a page
    /// read by OCR, from the boxes of the words it found.
    public func readLayout(_ book: Book, _ request: PageRequest, password: String? = nil) throws -> PageText {
        var page = try read(book, request)
        guard page.hasText else { return page }
        let pdfPage = try BookFile.page(page.page, of: book, password: password)
        if let ocr = page.ocr {
            let words = try ocrWords(book, page: page.page)
            page.text = pdfPage.layoutText(ofWords: words.map { ($0.text, $0.x, $0.y, $0.width, $0.height) },
                                           quarterTurns: ocr.rotation)
        } else {
            page.text = pdfPage.layoutText()
        }
        return page
    }
}
