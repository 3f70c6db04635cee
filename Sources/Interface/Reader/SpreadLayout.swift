/// Which pages share the screen in two-page mode. As zathura's default
/// (`first-page-column` 1): page 1 stands alone like a book's cover, then
/// 2–3, 4–5…, so facing pages of a printed book face each other.
public enum SpreadLayout {
    /// The pages shown with `page`, left first: one page for the cover or a
    /// last even page, else two.
    public static func pages(showing page: Int, pageCount: Int) -> [Int] {
        let count = max(1, pageCount)
        let page = min(max(1, page), count)
        if page == 1 { return [1] }
        let left = page % 2 == 0 ? page : page - 1
        return left + 1 <= count ? [left, left + 1] : [left]
    }

    /// The first page of the spread `steps` spreads on (back when negative),
    /// or nil past either end.
    public static func page(from page: Int, steps: Int, pageCount: Int) -> Int? {
        var current = pages(showing: page, pageCount: pageCount)
        for _ in 0..<abs(steps) {
            let next = steps > 0 ? current[current.count - 1] + 1 : current[0] - 1
            guard (1...max(1, pageCount)).contains(next) else { return nil }
            current = pages(showing: next, pageCount: pageCount)
        }
        return current[0]
    }

    /// Where `page`'s image goes on a screen `screen` wide and high, facing
    /// pages `gap` apart: the left (even) page against the middle, the right
    /// one (and the cover) from it, as a book lies open; centred in height,
    /// or scrolled by `scrollY` when taller. `cropX` is how much of a page
    /// wider than its half is cut from its left, to keep its middle.
    public static func origin(of page: Int, image: (width: Int, height: Int), screen: (width: Int, height: Int),
                              gap: Int, scrollY: Int) -> (x: Int, y: Int, cropX: Int) {
        let half = max(1, (screen.width - gap) / 2)
        let shown = min(half, image.width)
        let x = page % 2 == 1 ? half + gap : half - shown
        let y = image.height > screen.height ? -scrollY : (screen.height - image.height) / 2
        return (x, y, max(0, (image.width - half) / 2))
    }
}
