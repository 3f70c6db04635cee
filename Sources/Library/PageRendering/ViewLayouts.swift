import BookOpening
import ReflowDocuments

/// The render worker's second copy of a reflowable book, laid out for the
/// reader's screen; the first stays at the reference layout, for the page
/// numbers. One view layout at a time: a new size or font replaces it.
struct ViewLayouts {
    private var view: (layout: RenderLayout, book: ReflowBook)?
    /// Where each reference page starts: the reference layout never changes, so once a book.
    private var referencePositions: [UInt64]?
    /// The view layout's map, once made: search hits are placed with it too.
    private var made: PageMap?

    mutating func document(path: String, layout: RenderLayout) throws -> ReflowBook {
        if let view, view.layout == layout { return view.book }
        let reflow = ReflowLayout(width: layout.width, height: layout.height, fontSize: layout.fontSize)
        if let view {
            try view.book.engine.relayout(reflow)
            self.view = (layout, view.book)
            return view.book
        }
        guard let book = try BookOpener.open(path: path, layout: reflow).document as? ReflowBook else {
            throw ReflowError.notABook("a book of fixed pages")
        }
        view = (layout, book)
        return book
    }

    mutating func map(reference: ReflowBook, view: ReflowBook, layout: RenderLayout) -> PageMap {
        if let made, made.layout == layout { return made }
        let references = referencePositions ?? Self.starts(of: reference.engine)
        referencePositions = references
        let map = PageMap(layout: layout, referencePositions: references, viewPositions: Self.starts(of: view.engine))
        made = map
        return map
    }

    private static func starts(of document: ReflowDocument) -> [UInt64] {
        document.pageStarts().map(\.value)
    }
}
