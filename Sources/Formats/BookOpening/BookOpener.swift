import Documents
import FileNames
import Foundation
import PDF
import PlainTextBooks
import ReflowDocuments

/// The one place that knows which engine reads which format: PDFs are
/// poppler's, EPUB, FB2, comics and XPS the reflow engine's, and a plain-text
/// book is decoded, cut into chapters and handed to the reflow engine as XHTML.
public enum BookOpener {
    /// What opening a file gave: the document, and a plain-text book's own
    /// reading of itself (its encoding, title and chapters) when it is one.
    public struct Opened {
        public var document: any BookDocument
        public var plainText: PlainTextBook?
    }

    /// `layout` lays a reflowable book out at another size than the reference
    /// one (the reader's screen); PDFs and books of fixed pages ignore it.
    /// `mapped`: a PDF is read through a memory mapping (see `PDFDocument`).
    /// `chapters`: a part of a long EPUB (see `ChapterSelection`); every other book is opened whole.
    public static func open(path: String, password: String? = nil, layout: ReflowLayout = .reference,
                            mapped: Bool = false, chapters: ChapterSelection = .all) throws -> Opened {
        switch try format(of: path) {
        case .pdf:
            return Opened(document: try PDFDocument(path: path, password: password, mapped: mapped))
        case .txt:
            let book = try PlainTextBook(path: path)
            return Opened(document: ReflowBook(try ReflowDocument(xhtml: book.xhtml(), layout: layout), format: .txt), plainText: book)
        case let format:
            return Opened(document: ReflowBook(try ReflowDocument(path: path, layout: format.isLaidOut ? layout : .reference,
                                                                  cache: LayoutCache.standard(),
                                                                  chapters: format == .epub ? chapters : .all), format: format))
        }
    }

    /// A book that is not a PDF, laid out at `layout` with `stylesheet` over its own (a printed
    /// book's margins), for writing out as a PDF; nil for a PDF, which is printed as it is.
    public static func reflowDocument(path: String, layout: ReflowLayout, stylesheet: String?) throws -> ReflowDocument? {
        switch try format(of: path) {
        case .pdf:
            return nil
        case .txt:
            return try ReflowDocument(xhtml: try PlainTextBook(path: path).xhtml(), layout: layout, stylesheet: stylesheet)
        default:
            return try ReflowDocument(path: path, layout: layout, stylesheet: stylesheet, cache: LayoutCache.standard())
        }
    }

    /// The document alone, for drawing and reading pages.
    public static func document(path: String, password: String? = nil) throws -> any BookDocument {
        try open(path: path, password: password).document
    }

    /// The format of the file at `path`, from its first bytes (and its name
    /// where formats look alike). A file that is none of ibook's gets the
    /// answer of the engine its name promises (the PDF's by default), which
    /// says what the file is instead.
    public static func format(of path: String) throws -> BookFormat {
        let fd = FileName.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .pdf }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: 1024)
        let count = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 1024, 0) }
        guard count > 0 else { return .pdf }
        if head.starts(with: Array("Rar!".utf8)) { throw ReflowError.rarArchive }
        // Content first; a file that is none of ours is refused by the engine its name promises.
        return BookFormat.detect(head: Array(head.prefix(count)), path: path) ?? BookFormat.promised(byName: path) ?? .pdf
    }
}
