import Foundation
import PDF

/// `f`'s hint mode, as zathura and qutebrowser have it: every link on
/// screen gets a short label of home-row letters, and typing a label
/// follows its link. Pure: which links show and their labels.
public struct LinkHints: Equatable, Sendable {
    public struct Hint: Equatable, Sendable {
        public var label: String
        public var link: PageLink
        /// The page the link is on: several are in view in continuous and two-page mode.
        public var page: Int
    }

    /// A link and the page it is on.
    public struct Placed: Equatable, Sendable {
        public var page: Int
        public var link: PageLink
        public init(page: Int, link: PageLink) {
            self.page = page
            self.link = link
        }
    }

    public var hints: [Hint]
    /// The letters typed so far.
    public var typed = ""

    static let alphabet = Array("asdfghjkl")

    /// Links of one page.
    public init(_ links: [PageLink], page: Int = 0) {
        self.init(placed: links.map { Placed(page: page, link: $0) })
    }

    /// Links of the pages in view, labelled in the order given (reading order).
    public init(placed links: [Placed]) {
        let labels = Self.labels(count: links.count)
        hints = zip(labels, links).map { Hint(label: $0, link: $1.link, page: $1.page) }
    }

    /// One letter each while they last, else two for every link: a label
    /// that is the start of another could never be told from it.
    static func labels(count: Int) -> [String] {
        let letters = alphabet.map(String.init)
        if count <= letters.count { return Array(letters.prefix(count)) }
        let pairs = letters.flatMap { first in letters.map { first + $0 } }
        return Array(pairs.prefix(count))
    }

    /// The hints still matching what was typed.
    public var remaining: [Hint] { hints.filter { $0.label.hasPrefix(typed) } }

    /// The pages on the screen, top to bottom and left to right: the page
    /// named on the status line, the pages under it in a continuous column,
    /// the two of a spread.
    public static func pagesInView(_ state: ReaderState) -> [Int] {
        switch state.mode {
        case .single:
            return [state.page]
        case .spread:
            return SpreadLayout.pages(showing: state.page, pageCount: state.pageCount)
        case .continuous:
            // Text mode's column is measured in lines, the images' in pixels.
            let height = state.textMode ? state.textRows : state.screen.height
            let pages = state.strip.slices(from: ContinuousScroll.position(state), viewHeight: height, pageCount: state.pageCount)
                .map(\.page)
            return pages.contains(state.page) ? pages : [state.page] + pages
        }
    }

    /// The links of a page in view, as the session read them; none for a
    /// page not read yet.
    static func links(onPage page: Int, _ state: ReaderState) -> [PageLink] {
        if page == state.page { return state.links.page == page ? state.links.links : [] }
        return state.viewLinks[page] ?? []
    }

    /// The links that show on the screen, page by page in reading order: in
    /// text mode all of the pages' (their whole text scrolls by), on images
    /// those whose box meets the part of their page on screen.
    static func visible(_ state: ReaderState) -> [Placed] {
        pagesInView(state).flatMap { page in
            links(onPage: page, state).map { Placed(page: page, link: $0) }.filter { placed in
                if state.textMode { return true }
                // One page whose size is not known yet shows all its links, as it always has.
                if state.mode == .single, state.pageSize.width <= 0 || state.pageSize.height <= 0 { return true }
                guard let place = position(of: placed.link, onPage: page, state) else { return false }
                return place.right >= 0 && place.x < state.screen.width && place.bottom >= 0 && place.y < state.screen.height
            }
        }
    }

    /// Where a link of the page named on the status line lies on the screen.
    public static func position(of link: PageLink, _ state: ReaderState) -> (x: Int, y: Int, right: Int, bottom: Int)? {
        position(of: link, onPage: state.page, state)
    }

    /// The image size of a page in view, as last laid out; one not drawn
    /// yet is taken to be as large as the page named on the status line,
    /// as the column stands one in for it until it comes.
    static func size(of page: Int, _ state: ReaderState) -> (width: Int, height: Int) {
        page == state.page ? state.pageSize : state.viewSizes[page] ?? state.pageSize
    }

    /// Where a link lies on the screen, in pixels from the top-left of the
    /// page's viewport: as the session centres and scrolls the page image,
    /// stacks the pages of a column or sets two side by side.
    public static func position(of link: PageLink, onPage page: Int, _ state: ReaderState)
        -> (x: Int, y: Int, right: Int, bottom: Int)? {
        let (width, height) = size(of: page, state)
        guard width > 0, height > 0 else { return nil }
        let box = ReaderScroll.turn(link.area, quarterTurns: state.rotation)
        if state.mode == .spread {
            // Beside its facing page, a cell apart, as the session draws the two.
            let gap = state.screen.width / max(1, state.screenColumns)
            let place = SpreadLayout.origin(of: page, image: (width, height), screen: state.screen, gap: gap, scrollY: state.scrollY)
            let x = place.x - place.cropX + Int(box.x * Double(width)), y = place.y + Int(box.y * Double(height))
            return (x, y, x + Int(box.width * Double(width)), y + Int(box.height * Double(height)))
        }
        let shownWidth = min(width, state.screen.width), shownHeight = min(height, state.screen.height)
        let left = (state.screen.width - shownWidth) / 2 - (width > state.screen.width ? state.scrollX : 0)
        let top: Int
        switch state.mode {
        case .continuous:
            // The column starts at the view's top, scrolled however long the page is; the pages under it follow.
            guard page != state.page else { top = -state.scrollY; break }
            let slices = state.strip.slices(from: ContinuousScroll.position(state), viewHeight: state.screen.height,
                                            pageCount: state.pageCount)
            guard let slice = slices.first(where: { $0.page == page }) else { return nil }
            top = slice.screenY - slice.top
        default:
            top = (state.screen.height - shownHeight) / 2 - (height > state.screen.height ? state.scrollY : 0)
        }
        let x = left + Int(box.x * Double(width)), y = top + Int(box.y * Double(height))
        return (x, y, x + Int(box.width * Double(width)), y + Int(box.height * Double(height)))
    }

    /// The page's text with each hint's label set before its link's text,
    /// found in order down the page: text mode's way of showing them. With
    /// `page`, only that page's hints: several pages' text is shown at once.
    public static func labelled(_ text: String, _ hints: LinkHints, page: Int? = nil) -> String {
        var result = ""
        var rest = Substring(text)
        for hint in hints.remaining where !hint.link.text.isEmpty && (page == nil || hint.page == page) {
            // The indexed text may break the link's words across lines: its first word will do then.
            let firstWord = hint.link.text.split(separator: " ").first.map(String.init) ?? hint.link.text
            guard let found = rest.range(of: hint.link.text) ?? rest.range(of: firstWord) else { continue }
            result += rest[..<found.lowerBound] + "[\(hint.label)]"
            rest = rest[found.lowerBound...]
        }
        return result + rest
    }

    /// What a link leads to, for the status line: "p. 12" or its address. A laid-out
    /// book's links lead to its screen pages, which the status line calls "page 12"
    /// (its "p." is the book's own page number).
    public static func describe(_ target: PageLink.Target, _ state: ReaderState) -> String {
        switch target {
        case .page(let page, _): return state.reflow?.map == nil ? "p. \(page)" : "page \(page)"
        case .uri(let uri): return uri
        }
    }
}
