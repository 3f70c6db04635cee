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

    /// The view page holding the start of a reference page: where `:N`, a bookmark or a hit leads.
    public func viewPage(ofReference page: Int) -> Int {
        guard !referencePositions.isEmpty else { return 1 }
        return viewPage(holding: referencePositions[min(max(1, page), referencePositions.count) - 1])
    }

    /// The reference page that stands for a view page: the first one starting
    /// on it, else the one its top is in. Starting pages first, so that going
    /// to reference page N shows N, and a place kept in reference pages (the
    /// history, a bookmark) opens on the same view page instead of creeping back.
    public func referencePage(ofView page: Int) -> Int {
        guard !referencePositions.isEmpty, !viewPositions.isEmpty else { return 1 }
        let index = min(max(1, page), viewPositions.count) - 1
        let top = viewPositions[index]
        let holding = Self.page(holding: top, in: referencePositions)
        if referencePositions[holding - 1] == top { return holding }
        if holding < referencePositions.count, viewPage(holding: referencePositions[holding]) == index + 1 { return holding + 1 }
        return holding
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
