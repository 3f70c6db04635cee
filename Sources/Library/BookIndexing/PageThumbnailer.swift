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

    let document: any BookDocument
    let pages: [Int]
    let size: Int

    init(book: Book, pages range: String?, size: Int, password: String?) throws {
        let document = try BookFile.pages(of: book, password: password)
        let pageCount = document.pageCount
        guard pageCount > 0 else { throw BookFile.Failure(path: book.path, reason: .noPages) }
        if let range {
            var parser = PageRangeParser(pageCount: pageCount, labels: {
                (1...pageCount).map { document.pageLabel($0) }
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
        guard (1...document.pageCount).contains(number) else {
            return Thumbnail(caption: String(number),
                             outcome: .failed(UnrenderedPage(page: number, reason: "the page cannot be read")))
        }
        let caption = PageLabel.distinct(document.pageLabel(number), page: number).map { "\(number) (\($0))" } ?? String(number)
        let pixels = document.pixelSize(page: number, fittingWidth: size, height: size)
        do {
            return Thumbnail(caption: caption, outcome: .rendered(try document.renderPage(number, width: pixels.width, height: pixels.height)))
        } catch {
            return Thumbnail(caption: caption, outcome: .failed(UnrenderedPage(page: number, reason: "\(error)")))
        }
    }
}
