/// The page a reflowable book is laid out on, in points, and its text's em.
public struct ReflowLayout: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public var fontSize: Double

    public init(width: Double, height: Double, fontSize: Double) {
        self.width = width
        self.height = height
        self.fontSize = fontSize
    }

    /// MuPDF's own default (450×600 pt, 12 pt em): the layout whose pages are a book's stable page numbers,
    /// as mutool and zathura-pdf-mupdf count them. It is the layout MuPDF 1.21's EPUB and HTML handlers give
    /// a document nobody lays out (zathura-pdf-mupdf never calls fz_layout_document): Moby-Dick has 622
    /// pages, as `mutool draw -W 450 -H 600 -S 12` pages it. (Plain `mutool draw` lays out at its own
    /// FZ_DEFAULT_LAYOUT, A5 420×595 pt with an 11 pt em, and pages it in 567.)
    public static let reference = ReflowLayout(width: 450, height: 600, fontSize: 12)

    /// Sizes MuPDF can lay out: a page of zero or absurd size, or a NaN, would make
    /// millions of pages or none, so each is kept within what a screen or a sheet is.
    var sane: ReflowLayout {
        func clamp(_ value: Double, _ low: Double, _ high: Double, _ fallback: Double) -> Double {
            value.isFinite ? min(max(value, low), high) : fallback
        }
        return ReflowLayout(width: clamp(width, 72, 14_400, 450), height: clamp(height, 72, 14_400, 600),
                            fontSize: clamp(fontSize, 4, 144, 12))
    }
}
