/// Continuous mode's arithmetic: pages stacked top to bottom with a gap
/// between them, and the view a window onto the column. A place in it is a
/// page and how far below that page's top the view's top is, in pixels
/// (lines in text mode). Pure, so scrolling across page boundaries is tested
/// without a terminal.
public struct ContinuousLayout: Equatable, Sendable {
    /// The heights of the pages measured so far (rendered, or their text wrapped).
    public var heights: [Int: Int] = [:]
    /// Stands in for a page not measured yet: pages of a book are mostly alike.
    public var estimate = 1
    /// Between one page's bottom and the next one's top.
    public var gap = 0
    /// What the heights were measured for (a render size, or text at a width):
    /// another screen or zoom makes them wrong, and they are measured again.
    public var measuredFor = ""

    public struct Position: Equatable, Comparable, Sendable {
        public var page: Int
        public var offset: Int
        public init(page: Int, offset: Int) {
            self.page = page
            self.offset = offset
        }
        public static func < (a: Position, b: Position) -> Bool { (a.page, a.offset) < (b.page, b.offset) }
    }

    /// The part of one page in view: `height` rows from `top` of the page, drawn at `screenY` of the view.
    public struct Slice: Equatable, Sendable {
        public var page: Int
        public var top: Int
        public var screenY: Int
        public var height: Int
        public init(page: Int, top: Int, screenY: Int, height: Int) {
            self.page = page
            self.top = top
            self.screenY = screenY
            self.height = height
        }
    }

    public init(gap: Int = 0, estimate: Int = 1) {
        self.gap = gap
        self.estimate = max(1, estimate)
    }

    public func height(of page: Int) -> Int { max(1, heights[page] ?? estimate) }

    /// A page and the gap under it.
    func span(of page: Int) -> Int { height(of: page) + gap }

    /// The same place with its offset within its page: an offset past the
    /// page's end (or before its top) is on a later (earlier) page.
    public func normalized(_ position: Position, pageCount: Int) -> Position {
        var page = min(max(1, position.page), max(1, pageCount)), offset = position.offset
        while offset >= span(of: page), page < pageCount {
            offset -= span(of: page)
            page += 1
        }
        while offset < 0, page > 1 {
            page -= 1
            offset += span(of: page)
        }
        return Position(page: page, offset: min(max(0, offset), span(of: page) - 1))
    }

    /// The furthest the view goes: the last page's bottom at the view's bottom.
    public func end(pageCount: Int, viewHeight: Int) -> Position {
        let last = max(1, pageCount)
        return normalized(Position(page: last, offset: height(of: last) - viewHeight), pageCount: last)
    }

    /// `delta` further down the column (up when negative), never past its
    /// ends; a place already past the end (a jump to the last page) is not moved back.
    public func moved(_ position: Position, by delta: Int, pageCount: Int, viewHeight: Int) -> Position {
        let target = normalized(Position(page: position.page, offset: position.offset + delta), pageCount: pageCount)
        guard delta > 0 else { return target }
        return max(position, min(target, end(pageCount: pageCount, viewHeight: viewHeight)))
    }

    /// What shows in a view `viewHeight` high whose top is at `position`, page by page.
    public func slices(from position: Position, viewHeight: Int, pageCount: Int) -> [Slice] {
        var slices: [Slice] = []
        var page = position.page
        var screenY = -position.offset
        while screenY < viewHeight, page <= pageCount {
            let height = height(of: page)
            let top = max(0, -screenY)
            let bottom = min(height, viewHeight - screenY)
            if bottom > top { slices.append(Slice(page: page, top: top, screenY: screenY + top, height: bottom - top)) }
            screenY += height + gap
            page += 1
        }
        return slices
    }
}
