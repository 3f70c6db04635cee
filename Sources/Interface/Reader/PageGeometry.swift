/// Where a page goes on the screen: the pixel box it is rendered into, and
/// which part of the rendered page is visible. Pure arithmetic, so zoom,
/// fit, rotation and scrolling are tested without rendering anything.
public struct PageGeometry: Equatable, Sendable {
    /// The box the page is fitted into (proportions kept), before rotation.
    public var renderBox: (width: Int, height: Int)

    public static func == (a: PageGeometry, b: PageGeometry) -> Bool { a.renderBox == b.renderBox }

    /// - Parameter viewport: the pixels available for the page.
    public init(viewport: (width: Int, height: Int), fit: ReaderState.Fit, zoom: Double, rotation: Int) {
        let sideways = rotation % 2 == 1
        // A page turned sideways is rendered upright into the swapped box, then turned.
        let width = Double(sideways ? viewport.height : viewport.width) * zoom
        let height = Double(sideways ? viewport.width : viewport.height) * zoom
        switch (fit, sideways) {
        case (.page, _):
            renderBox = (max(1, Int(width)), max(1, Int(height)))
        case (.width, false):
            renderBox = (max(1, Int(width)), Self.unbounded)
        case (.width, true):
            renderBox = (Self.unbounded, max(1, Int(height)))
        }
    }

    /// No limit on that side: the page fits the other one.
    static let unbounded = 8192

    /// The visible part of a rendered (and rotated) page of `image` pixels,
    /// scrolled by `scroll`, and how much overflows the viewport.
    public static func visibleRegion(image: (width: Int, height: Int), viewport: (width: Int, height: Int),
                                     scroll: (x: Int, y: Int))
        -> (x: Int, y: Int, width: Int, height: Int, overflow: (x: Int, y: Int)) {
        let overflow = (x: max(0, image.width - viewport.width), y: max(0, image.height - viewport.height))
        let x = min(max(0, scroll.x), overflow.x), y = min(max(0, scroll.y), overflow.y)
        return (x, y, min(viewport.width, image.width), min(viewport.height, image.height), overflow)
    }
}
