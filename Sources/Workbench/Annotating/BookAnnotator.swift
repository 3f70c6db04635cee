import BookIndexing
import BookLibrary
import FileOutput
import Foundation

/// Writes the highlights and notes made in ibook into a copy of the book's
/// PDF (those read from the PDF are in it already), or over the book's file
/// with `inPlace`, after which the library follows the new content.
struct BookAnnotator {
    let library: Library
    let book: Book
    let password: String?

    func annotate(output: String?, inPlace: Bool) throws -> AnnotateResult {
        // Another format's highlights are kept by letters, and there is no PDF to write them into.
        guard book.format == .pdf else { throw LibraryError.needsPDF(book.path, format: book.format) }
        let made = try library.annotations(of: book).filter { $0.source == .ibook && ($0.kind == .highlight || $0.kind == .note) }
        guard !made.isEmpty else { throw AnnotatingError.nothingToWrite(book.title) }
        guard FileManager.default.fileExists(atPath: book.path) else { throw LibraryError.fileMissing(book.path) }
        // Rectangles found on this content would land anywhere on other content.
        guard try SHA256.hex(ofFileAt: book.path) == book.sha256 else { throw LibraryError.hashMismatch(book.path) }
        let target = inPlace ? book.path : URL(fileURLWithPath: output ?? "").standardizedFileURL.path
        if !inPlace, Self.sameFile(target, book.path) { throw AnnotatingError.sameFile(target) }

        let marks = made.map(mark)
        let added = try AtomicFile.write(to: target) { temporary -> Int in
            let writer = try AnnotationWriter(path: book.path, password: password)
            let added = try writer.add(marks)
            try writer.write(to: temporary)
            return added
        }
        if inPlace { try follow(written: made) }
        return AnnotateResult(bookID: book.id, output: target, highlights: made.filter { $0.kind == .highlight }.count,
                              notes: made.filter { $0.kind == .note }.count, alreadyPresent: made.count - added,
                              inPlace: inPlace)
    }

    private func mark(_ annotation: Annotation) -> AnnotationMark {
        let color = annotation.color.flatMap(AnnotationColor.components) ?? (1, 1, 0)
        return AnnotationMark(
            pageIndex: annotation.page - 1, kind: annotation.kind == .note ? .note : .highlight,
            boxes: annotation.boxes.map { AnnotationMark.Box(x1: $0.x1, y1: $0.y1, x2: $0.x2, y2: $0.y2) },
            color: color, contents: annotation.note, author: annotation.author,
            name: "ibook-\(book.sha256.prefix(16))-\(annotation.id)",
            modified: annotation.modifiedAt ?? annotation.createdAt ?? Date())
    }

    /// The book's file now holds what was made in ibook: the library takes
    /// its new hash, and reads its annotations from it as from any PDF.
    private func follow(written: [Annotation]) throws {
        let read = try library.readAnnotations(ofFileOf: book, password: password)
        try library.adoptContent(of: book, annotations: read, replacing: written.map(\.id))
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat(), second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return a == b }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}

extension Library {
    /// Writes the book's highlights and notes made in ibook into a copy of
    /// its PDF at `output`, or into the file itself with `inPlace`.
    public func annotate(_ book: Book, output: String?, inPlace: Bool, password: String? = nil) throws -> AnnotateResult {
        try BookAnnotator(library: self, book: book, password: password).annotate(output: output, inPlace: inPlace)
    }
}
