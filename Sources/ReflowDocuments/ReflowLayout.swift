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

    /// MuPDF's own default: the layout whose pages are a book's stable page numbers, as mutool and
    /// zathura-pdf-mupdf count them. In MuPDF 1.21 (Debian 12) that is FZ_DEFAULT_LAYOUT_W/H/EM, A5:
    /// 420×595 pt with an 11 pt em (older MuPDFs used 450×600 and 12). Measured: Moby-Dick is 567
    /// pages here, as `mutool draw` and zathura (which never calls fz_layout_document) page it;
    /// 450×600/12 gives 622.
    public static let reference = ReflowLayout(width: 420, height: 595, fontSize: 11)

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
