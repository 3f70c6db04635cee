import BookLibrary
import PageRanges
import PageThumbnails
import PDF
import Raster

/// The pages of a book chosen by a range, rendered one at a time at
/// thumbnail size with the caption people know them by.
struct PageThumbnailer {
    struct Thumbnail {
        /// "12", or "12 (xii)" when the label says something the number does not.
        var caption: String
        var outcome: Outcome
    }

    enum Outcome {
        case rendered(RasterImage)
        case failed(UnrenderedPage)
    }

    let document: PDFDocument
    let pages: [Int]
    let size: Int

    init(book: Book, pages range: String?, size: Int, password: String?) throws {
        let document = try BookFile.document(of: book, password: password)
        let pageCount = document.pageCount
        guard pageCount > 0 else { throw BookFile.Failure(path: book.path, reason: .noPages) }
        if let range {
            var parser = PageRangeParser(pageCount: pageCount, labels: {
                (0..<pageCount).map { document.page(at: $0)?.label }
            })
            pages = try parser.parse(range)
        } else {
            pages = Array(1...pageCount)
        }
        self.document = document
        self.size = size
    }

    /// Never throws: a page that cannot be drawn is one failed thumbnail, not a failed run.
    func thumbnail(_ number: Int) -> Thumbnail {
        guard let page = document.page(at: number - 1) else {
            return Thumbnail(caption: String(number),
                             outcome: .failed(UnrenderedPage(page: number, reason: "poppler cannot read the page")))
        }
        let caption = PageLabel.distinct(page.label, page: number).map { "\(number) (\($0))" } ?? String(number)
        let pixels = page.pixelSize(fittingWidth: size, height: size)
        do {
            return Thumbnail(caption: caption, outcome: .rendered(try page.render(width: pixels.width, height: pixels.height)))
        } catch {
            return Thumbnail(caption: caption, outcome: .failed(UnrenderedPage(page: number, reason: "\(error)")))
        }
    }
}
