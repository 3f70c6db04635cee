/// How the pages of a book laid out for the screen (view pages) stand to
/// its reference pages, the ones the library counts in. Both are known by
/// the place (a `ReflowPosition`'s value) each page starts at, so the maps
/// are worked out here, the way MuPDF's own `page(at:)` finds the page
/// holding a place: the last page starting at or before it.
public struct PageMap: Codable, Equatable, Sendable {
    public var layout: RenderLayout
    /// Where each reference page starts, in order.
    public var referencePositions: [UInt64]
    /// Where each view page starts, in order.
    public var viewPositions: [UInt64]

    public init(layout: RenderLayout, referencePositions: [UInt64], viewPositions: [UInt64]) {
        self.layout = layout
        self.referencePositions = referencePositions
        self.viewPositions = viewPositions
    }

    public var viewPageCount: Int { max(1, viewPositions.count) }
    public var referencePageCount: Int { max(1, referencePositions.count) }

    /// Where the view page starts (1-based, clamped).
    public func position(ofView page: Int) -> UInt64 {
        guard !viewPositions.isEmpty else { return 0 }
        return viewPositions[min(max(1, page), viewPositions.count) - 1]
    }

    /// The view page holding the place.
    public func viewPage(holding position: UInt64) -> Int {
        Self.page(holding: position, in: viewPositions)
    }

    /// After a new layout, the page holding where an old view page started (its nth page
    /// there, when several start at one place): the place kept across `+`, `-` and a resize.
    public func viewPage(matching page: Int, of old: PageMap) -> Int {
        guard !old.viewPositions.isEmpty else { return 1 }
        let index = min(max(1, page), old.viewPositions.count) - 1
        let start = old.viewPositions[index]
        let views = Self.pages(startingAt: start, in: viewPositions)
        guard !views.isEmpty else { return viewPage(holding: start) }
        let rank = index - Self.pages(startingAt: start, in: old.viewPositions).lowerBound
        return min(views.lowerBound + rank, views.upperBound - 1) + 1
    }

    /// The view page holding the start of a reference page: where `:N`, a bookmark or a hit leads.
    /// Pages without a letter (a cover, a picture) start where the next one does; among pages
    /// starting at one place, the nth reference page is the nth view page there.
    public func viewPage(ofReference page: Int) -> Int {
        guard !referencePositions.isEmpty else { return 1 }
        let index = min(max(1, page), referencePositions.count) - 1
        let start = referencePositions[index]
        let views = Self.pages(startingAt: start, in: viewPositions)
        guard !views.isEmpty else { return viewPage(holding: start) }
        let rank = index - Self.pages(startingAt: start, in: referencePositions).lowerBound
        return min(views.lowerBound + rank, views.upperBound - 1) + 1
    }

    /// The reference page that stands for a view page: the first one starting
    /// on it, else the one its top is in. Starting pages first, so that going
    /// to reference page N shows N, and a place kept in reference pages (the
    /// history, a bookmark) opens on the same view page instead of creeping back.
    public func referencePage(ofView page: Int) -> Int {
        guard !referencePositions.isEmpty, !viewPositions.isEmpty else { return 1 }
        let index = min(max(1, page), viewPositions.count) - 1
        let top = viewPositions[index]
        let references = Self.pages(startingAt: top, in: referencePositions)
        if !references.isEmpty {
            let rank = index - Self.pages(startingAt: top, in: viewPositions).lowerBound
            return min(references.lowerBound + rank, references.upperBound - 1) + 1
        }
        let holding = Self.page(holding: top, in: referencePositions)
        if holding < referencePositions.count, viewPage(ofReference: holding + 1) == index + 1 { return holding + 1 }
        return holding
    }

    /// The indices of the pages that start exactly at the place.
    static func pages(startingAt position: UInt64, in starts: [UInt64]) -> Range<Int> {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] < position { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < starts.count, starts[end] == position { end += 1 }
        return low..<end
    }

    /// 1-based: the last page whose start is at or before the place; the first page when none is.
    static func page(holding position: UInt64, in starts: [UInt64]) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= position { low = middle + 1 } else { high = middle }
        }
        return max(1, low)
    }
}
