import PageThumbnails
import BookLibrary
import Foundation
import PDF

extension NewAnnotation {
    /// An annotation of the book's PDF as the library keeps it.
    init(_ annotation: PDFAnnotation, page: Int, pageSize: (width: Double, height: Double)) {
        let kind = annotation.kind == "text" ? AnnotationKind.note : AnnotationKind(rawValue: annotation.kind)
        self.init(page: page, kind: kind, source: .pdf, text: annotation.coveredText, textSpan: annotation.coveredSpan,
                  note: annotation.contents,
                  author: annotation.author, color: annotation.color,
                  boxes: annotation.rectangles.map { AnnotationBox(x1: $0.x1, y1: $0.y1, x2: $0.x2, y2: $0.y2) },
                  pageSize: pageSize,
                  createdAt: annotation.created, modifiedAt: annotation.modified)
    }
}

extension PDFPage {
    /// This page's annotations as the library keeps them.
    func libraryAnnotations() -> [NewAnnotation] {
        let size = self.size
        return annotations().map { NewAnnotation($0, page: index + 1, pageSize: size) }
    }
}

extension Library {
    /// Reads the annotations of the book's PDF again, replacing those read
    /// before (for books added before ibook read annotations, or to pick up
    /// a change); those made in ibook stay. Returns how many were read.
    @discardableResult
    public func rescanAnnotations(_ book: Book, password: String? = nil) throws -> Int {
        // Annotations read from other content would be filed under this book's.
        guard FileManager.default.fileExists(atPath: book.path) else { throw LibraryError.fileMissing(book.path) }
        guard try SHA256.hex(ofFileAt: book.path) == book.sha256 else { throw LibraryError.hashMismatch(book.path) }
        let annotations = try readAnnotations(ofFileOf: book, password: password)
        try replaceAnnotationsFromPDF(book, annotations)
        return annotations.count
    }

    /// Every annotation of the book's PDF as the library keeps it.
    public func readAnnotations(ofFileOf book: Book, password: String? = nil) throws -> [NewAnnotation] {
        let document = try BookFile.document(of: book, password: password)
        var annotations: [NewAnnotation] = []
        for index in 0..<document.pageCount {
            annotations += document.page(at: index)?.libraryAnnotations() ?? []
        }
        return annotations
    }
}
