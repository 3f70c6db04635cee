import Foundation
import PDF

/// `f`'s hint mode, as zathura and qutebrowser have it: every link on
/// screen gets a short label of home-row letters, and typing a label
/// follows its link. Pure: which links show and their labels.
public struct LinkHints: Equatable, Sendable {
    public struct Hint: Equatable, Sendable {
        public var label: String
        public var link: PageLink
    }

    public var hints: [Hint]
    /// The letters typed so far.
    public var typed = ""

    static let alphabet = Array("asdfghjkl")

    public init(_ links: [PageLink]) {
        let labels = Self.labels(count: links.count)
        hints = zip(labels, links).map { Hint(label: $0, link: $1) }
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

    /// The links of the page that show on the screen: in text mode all of
    /// them (the whole page's text scrolls by), on an image those whose box
    /// meets the part of the page on screen.
    static func visible(_ state: ReaderState) -> [PageLink] {
        guard state.links.page == state.page else { return [] }
        let links = state.links.links
        guard !state.textMode, state.pageSize.width > 0, state.pageSize.height > 0 else { return links }
        return links.filter { link in
            guard let place = position(of: link, state) else { return false }
            return place.right >= 0 && place.x < state.screen.width && place.bottom >= 0 && place.y < state.screen.height
        }
    }

    /// Where a link lies on the screen, in pixels from the top-left of the
    /// page's viewport: as the session centres and scrolls the page image.
    public static func position(of link: PageLink, _ state: ReaderState) -> (x: Int, y: Int, right: Int, bottom: Int)? {
        let (width, height) = state.pageSize
        guard width > 0, height > 0 else { return nil }
        let box = ReaderScroll.turn(link.area, quarterTurns: state.rotation)
        if state.mode == .spread {
            // Beside its facing page, a cell apart, as the session draws the two.
            let gap = state.screen.width / max(1, state.screenColumns)
            let place = SpreadLayout.origin(of: state.page, image: (width, height), screen: state.screen, gap: gap, scrollY: state.scrollY)
            let x = place.x - place.cropX + Int(box.x * Double(width)), y = place.y + Int(box.y * Double(height))
            return (x, y, x + Int(box.width * Double(width)), y + Int(box.height * Double(height)))
        }
        let shownWidth = min(width, state.screen.width), shownHeight = min(height, state.screen.height)
        let left = (state.screen.width - shownWidth) / 2 - (width > state.screen.width ? state.scrollX : 0)
        // A continuous column starts at the view's top, scrolled however long the page is.
        let top = state.mode == .continuous ? -state.scrollY
            : (state.screen.height - shownHeight) / 2 - (height > state.screen.height ? state.scrollY : 0)
        let x = left + Int(box.x * Double(width)), y = top + Int(box.y * Double(height))
        return (x, y, x + Int(box.width * Double(width)), y + Int(box.height * Double(height)))
    }

    /// The page's text with each hint's label set before its link's text,
    /// found in order down the page: text mode's way of showing them.
    public static func labelled(_ text: String, _ hints: LinkHints) -> String {
        var result = ""
        var rest = Substring(text)
        for hint in hints.remaining where !hint.link.text.isEmpty {
            // The indexed text may break the link's words across lines: its first word will do then.
            let firstWord = hint.link.text.split(separator: " ").first.map(String.init) ?? hint.link.text
            guard let found = rest.range(of: hint.link.text) ?? rest.range(of: firstWord) else { continue }
            result += rest[..<found.lowerBound] + "[\(hint.label)]"
            rest = rest[found.lowerBound...]
        }
        return result + rest
    }

    /// What a link leads to, for the status line: "p. 12" or its address.
    public static func describe(_ target: PageLink.Target) -> String {
        switch target {
        case .page(let page, _): return "p. \(page)"
        case .uri(let uri): return uri
        }
    }
}
