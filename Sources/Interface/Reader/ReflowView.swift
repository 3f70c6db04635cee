import PageRendering

/// A reflowable book (EPUB, FB2, MOBI, plain text) laid out for the screen
/// at a type size the reader picks. Its pages (view pages) are what the
/// reader turns; the library counts in reference pages, and the map between
/// the two comes from the render worker with each new layout.
public struct ReflowView: Equatable, Sendable {
    public static let defaultFontSize = 11
    public static let fontSizes = 6...32

    /// In points.
    public var fontSize: Int
    /// The layout the pages shown belong to; nil until the first arrives, and
    /// until then the reader's pages are reference pages.
    public var map: PageMap?

    public init(fontSize: Int = ReflowView.defaultFontSize) {
        self.fontSize = min(max(fontSize, Self.fontSizes.lowerBound), Self.fontSizes.upperBound)
    }

    /// The layout a screen of this many pixels wants at the current type size.
    public func layout(screen: (width: Int, height: Int)) -> RenderLayout {
        RenderLayout(pixelWidth: screen.width, pixelHeight: screen.height, fontSize: Double(fontSize))
    }
}
