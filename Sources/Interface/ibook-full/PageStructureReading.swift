import BookLibrary
import BookOpening
import IBookCLI
import PageThumbnails

/// A laid-out book's page as the reflow engine lays it out at the reference size, for `read`:
/// its text blocks with their styles, in the command line's terms.
enum PageStructureReading {
    static func structure(of book: Book, page: Int) throws -> PageStructure {
        guard let document = try BookFile.pages(of: book, password: nil) as? ReflowBook else {
            throw LibraryError.needsPDF(book.path, format: book.format)
        }
        return PageStructure(blocks: try document.engine.textBlocks(page).map { block in
            PageStructure.Block(left: block.left, right: block.right, lines: block.lines.map { line in
                PageStructure.Line(left: line.left, right: line.right, runs: line.runs.map {
                    PageStructure.Run(text: $0.text, bold: $0.bold, italic: $0.italic, monospaced: $0.monospaced, size: $0.size)
                })
            })
        })
    }
}
