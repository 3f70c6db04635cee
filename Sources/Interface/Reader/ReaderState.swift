import BookLibrary
import PageRendering
import PDF

/// Everything the reader shows, as plain values: `ReaderUpdate` changes it
/// in answer to keys, `ReaderView` turns it into a frame, and the session
/// carries out the effects. Nothing here touches the terminal or a file,
/// so every key can be tested without one.
public struct ReaderState: Sendable {
    public enum Fit: String, Sendable { case page, width }

    public enum Panel: Equatable, Sendable {
        case none
        case outline(selected: Int)
        case bookmarks(selected: Int)
        /// The book's highlights and notes (`A`), in page order: `selected` indexes `annotations`.
        case notes(selected: Int)
        case overview(selected: Int)
        case help
    }

    public enum PromptKind: Equatable, Sendable {
        case goTo, searchForward, searchBackward
        case bookmarkNote(page: Int)
        /// y or n: delete the bookmark on the page?
        case deleteBookmark(page: Int)
        /// y or n: delete this highlight or note?
        case deleteAnnotation(id: Int)
    }

    /// A place set with `m` and a letter: the page and how far down it the view was.
    public struct Mark: Equatable, Sendable {
        public var page: Int
        public var scrollY: Int
        public var textLine: Int
    }

    /// The key after `m` sets a mark, after `'` goes to one.
    public enum PendingMark: Equatable, Sendable { case set, go }

    /// What a jump wants to see on its page, wherever the zoom puts it.
    public enum Reveal: Equatable, Sendable {
        /// The `occurrence`th search hit on the page.
        case hit(occurrence: Int)
        /// A destination's top edge, as a fraction of the upright page's height from its top.
        case position(top: Double)
    }

    public struct Prompt: Equatable, Sendable {
        public var kind: PromptKind
        public var text = ""
        /// Which earlier search Up has brought back (0 the last); nil while typing anew.
        public var recalled: Int?
    }

    /// The hits of the last search, one entry per occurrence, in page order.
    public struct SearchResults: Equatable, Sendable {
        public var query: String
        public var hits: [Hit]
        /// Index in `hits` of the hit last jumped to.
        public var current: Int?
        public var backward: Bool

        public struct Hit: Equatable, Sendable {
            public var page: Int
            /// Which occurrence on its page (0-based), to tell it apart on the image.
            public var occurrence: Int
            /// A laid-out book's hit: the reference page the library found it on (`page` is a view page).
            public var reference: Int?
            public init(page: Int, occurrence: Int, reference: Int? = nil) {
                self.page = page
                self.occurrence = occurrence
                self.reference = reference
            }
        }

        public init(query: String, hits: [Hit], backward: Bool) {
            self.query = query
            self.hits = hits
            self.backward = backward
        }
    }

    public var title: String
    public var pageCount: Int
    /// 1-based.
    public private(set) var page: Int
    /// The current page's label when it is worth showing; set by the session.
    public var label: String?

    public var fit = Fit.page
    /// One page, a continuous column of pages, or two side by side.
    public var mode = ViewMode.single
    /// Continuous mode's page heights; `page` and `scrollY` (`textLine`) are then the view's top.
    public var strip = ContinuousLayout()
    /// Magnification over the fit; 1 is the fit itself.
    public var zoom = 1.0
    /// How far down the page the view is, in pixels of the rendered page.
    public var scrollY = 0
    /// How far right, when the zoomed page is wider than the screen.
    public var scrollX = 0
    /// What overflows the screen at the current size, in pixels; set by the session after layout.
    public var overflow = (x: 0, y: 0)
    /// Pixels moved by one `j`/`k`: about a line of the page's text; set when the page is laid out.
    public var scrollStep = 60
    /// The pixels the page is shown in (every row but the status line); set by the session.
    public var screen = (width: 800, height: 600)
    /// Text mode: the rows shown, and the last first line that still fills
    /// them (the session knows the page's wrapped length and sets it).
    public var textRows = 23
    /// The terminal's columns, for where a click falls; set by the session.
    public var screenColumns = 80
    public var textLimit = Int.max
    /// Something on the page still to be brought into view, waiting for the
    /// page's layout (and, for a hit, the boxes poppler found).
    public var reveal: Reveal?
    /// The search hits poppler found on the page last laid out, as fractions of the upright page.
    public var hitBoxes: (page: Int, boxes: [PageRectangle]) = (0, [])
    /// The page image's size as last laid out (after zoom and rotation), to place links on the screen.
    public var pageSize = (width: 0, height: 0)
    public var rotation = 0
    public var inverted = false
    /// The page's indexed text instead of its image.
    public var textMode = false
    /// Text mode: the first line shown.
    public var textLine = 0

    public var panel = Panel.none
    public var prompt: Prompt?
    /// Digits typed before a command (`12G`).
    public var count = ""
    /// The first `g` of `gg`.
    public var pendingG = false
    public var search: SearchResults?
    /// The searches of this session, the last one last, for `/` and `?` to bring back with Up and Down.
    public var searchHistory: [String] = []
    /// The links of the page shown, as the session last read them: from the PDF, or from the
    /// render worker with a laid-out book's page.
    public var links: (page: Int, links: [PageLink]) = (0, [])
    /// In continuous and two-page mode, the links of the other pages in view
    /// (and of those the next moves show), by page; set by the session.
    public var viewLinks: [Int: [PageLink]] = [:]
    /// Those pages' images as last drawn (after zoom and rotation), by page,
    /// to place their links on the screen as `pageSize` places the page's own.
    public var viewSizes: [Int: (width: Int, height: Int)] = [:]
    /// `f`'s labels while hint mode is on.
    public var hints: LinkHints?
    /// The words of the page, read by the session when `v` or a drag first needs them.
    public var words: PageWords?
    /// `v`'s selection over `words`, while visual mode is on.
    public var visual: VisualSelection?
    /// The left button held down on the page: a click or a drag, told on its release.
    public var press: VisualSelection.Press?
    /// Marks by letter, kept for the session (not in the library: bookmarks are the lasting kind).
    public var marks: [Character: Mark] = [:]
    public var pendingMark: PendingMark?
    /// The contents panel shows only the entries whose title holds this (ignoring case).
    public var outlineFilter = ""
    /// The filter is being typed: letters go into it instead of moving.
    public var outlineFiltering = false
    public var back: [Int] = []
    public var forward: [Int] = []
    public var message: String?
    /// The page on screen is not the one named on the status line yet.
    public var rendering = false

    public var outline: [TOCEntry] = [] {
        didSet { outlineTree = OutlineTree(); outlineFilter = "" }
    }
    public var outlineTree = OutlineTree()
    public var bookmarks: [Bookmark] = []
    /// The book's highlights and notes, drawn on their pages.
    public var annotations: [Annotation] = []
    /// Columns of the overview grid at the current size; set by the view.
    public var overviewColumns = 4
    /// Set for a reflowable book shown as images: `page` and `pageCount` are
    /// then the screen layout's pages, and whatever is kept (history,
    /// bookmarks) or named by number (`:N`, `NG`, contents, search hits) is in
    /// reference pages, converted through its map.
    public var reflow: ReflowView?
    /// The reference page last gone to by number (`:N`, a bookmark, the
    /// contents), while the page shown holds its start: a view page can hold
    /// several, and the one asked for is the one to show, bookmark and keep.
    public var referencePin: Int?

    public init(title: String, pageCount: Int, page: Int) {
        self.title = title
        self.pageCount = max(1, pageCount)
        self.page = min(max(1, page), max(1, pageCount))
    }

    /// Moves to a page (clamped), starting at its top; true when it changed.
    @discardableResult
    public mutating func show(page newPage: Int, atBottom: Bool = false) -> Bool {
        let target = min(max(1, newPage), pageCount)
        guard target != page else { return false }
        page = target
        referencePin = nil
        scrollY = atBottom ? Int.max : 0
        textLine = atBottom ? Int.max : 0
        // The new page's length is not known yet: until the session says, the old one's stands in.
        textLimit = Int.max
        reveal = nil
        label = nil
        pageSize = (0, 0)
        visual = nil
        press = nil
        return true
    }

    /// The reference page the page shown stands for: the page number the library knows.
    public var referencePage: Int {
        guard let map = reflow?.map else { return page }
        if let pin = referencePin, map.viewPage(ofReference: pin) == page { return pin }
        return map.referencePage(ofView: page)
    }

    /// The page shown for a reference page (the one holding its start).
    public func viewPage(ofReference reference: Int) -> Int {
        reflow?.map?.viewPage(ofReference: reference) ?? reference
    }

    /// Takes a new layout of a reflowable book: the page shown becomes the one
    /// holding the place the top of the old one held, and so do the pages
    /// the jump lists and marks remember. Before the first layout those were
    /// reference pages.
    public mutating func adopt(_ map: PageMap) {
        guard var reflow else { return }
        let old = reflow.map
        func moved(_ page: Int) -> Int {
            if let old { return map.viewPage(matching: page, of: old) }
            return map.viewPage(ofReference: page)
        }
        if old == nil { referencePin = page }
        let target = moved(page)
        back = back.map(moved)
        forward = forward.map(moved)
        for (letter, mark) in marks { marks[letter] = Mark(page: moved(mark.page), scrollY: 0, textLine: 0) }
        reflow.map = map
        self.reflow = reflow
        pageCount = map.viewPageCount
        page = min(max(1, target), pageCount)
        scrollY = 0
        scrollX = 0
        textLine = 0
        textLimit = Int.max
        reveal = nil
        pageSize = (0, 0)
        // The old layout's links lead to its pages: the new layout's come with its pages.
        links = (0, [])
        viewLinks = [:]
        viewSizes = [:]
        hints = nil
        if case .overview = panel { panel = .overview(selected: page - 1) }
    }

    /// A jump to a page by its reference number, which the status line then shows.
    @discardableResult
    public mutating func jump(toReference reference: Int) -> Bool {
        let moved = jump(to: viewPage(ofReference: reference))
        if reflow?.map != nil { referencePin = min(max(1, reference), reflow?.map?.referencePageCount ?? reference) }
        return moved
    }

    /// A move that `Ctrl-O` can undo.
    @discardableResult
    public mutating func jump(to newPage: Int) -> Bool {
        let origin = page
        guard show(page: newPage) else { return false }
        back.append(origin)
        if back.count > 100 { back.removeFirst() }
        forward.removeAll()
        return true
    }
}
