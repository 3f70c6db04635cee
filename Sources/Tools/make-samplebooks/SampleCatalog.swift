// The sample books, described as data: metadata, pages and their blocks,
// outline marks and the probe strings tests look for. The individual books
// are built in Books/*.swift; BookRenderer turns a BookSpec into a PDF.

/// An outline (bookmark) entry attached to the heading that carries it. It
/// points at the current page, either explicitly (`page=N`) or, when
/// `namedDestination` is set, through a CAIRO_TAG_DEST defined around the
/// heading (`dest='name'`).
struct OutlineMark {
    var title: String
    var depth: Int
    var namedDestination: String? = nil
    var open = false
}

/// A simple vector map: a sea, a coastline drawn as a seeded random walk,
/// a graticule and a few labelled places (the labels are real text).
struct MapSpec {
    var seed: UInt64
    var height: Double
    var places: [String]
    var graticule: [String]
}

enum Block {
    /// A paragraph (or a short line) of text.
    case text(String, TextStyle)
    /// A heading; with an outline mark it also becomes a bookmark.
    case heading(String, TextStyle, OutlineMark?)
    /// Two columns set side by side, each a list of paragraphs.
    case columns(left: [String], right: [String], style: TextStyle)
    case map(MapSpec)
    /// One line with text on the left and right-aligned text on the right
    /// (a contents entry, a gazetteer row).
    case row(String, String, TextStyle)
    case space(Double)
}

struct PageSpec {
    var size: PageSize = .a4
    /// The /PageLabels entry, or nil for books without labels.
    var label: String? = nil
    var headerLeft: String? = nil
    var headerRight: String? = nil
    var footer: String? = nil
    /// Font for the running heads and the folio (default: Styles.small's).
    var furnitureFont: String? = nil
    var margin: Double = 72
    /// Distance from the top of the page to the first block.
    var top: Double? = nil
    var blocks: [Block] = []
}

/// A string that appears on exactly the listed pages (1-based, physical).
/// The renderer checks this against what it actually drew.
struct ProbeSpec {
    var text: String
    var pages: [Int]
}

struct BookSpec {
    var file: String
    var metadata: PDFMetadata
    var pages: [PageSpec]
    var probes: [ProbeSpec]
}

enum SampleCatalog {
    static let creator = "ibook make-samplebooks"

    /// Every sample book, in the order they are written and listed.
    static func all() -> [BookSpec] {
        [
            Lighthouses.book(),
            CafeCulture.book(),
            CJKSeasons.book(),
            AtlasLandscape.book(),
            LongHistory.book(),
            UntitledNotes.book(),
        ]
    }
}

/// Styles shared by the books.
enum Styles {
    static let body = TextStyle(font: "DejaVu Serif 10.5", justify: true, spaceAfter: 8, lineSpacing: 1.5)
    static let bodyLeft = TextStyle(font: "DejaVu Serif 10.5", spaceAfter: 8, lineSpacing: 1.5)
    static let column = TextStyle(font: "DejaVu Serif 9.5", justify: true, spaceAfter: 7, lineSpacing: 1)
    static let part = TextStyle(font: "DejaVu Sans Bold 20", spaceBefore: 0, spaceAfter: 14)
    static let chapter = TextStyle(font: "DejaVu Sans Bold 16", spaceBefore: 4, spaceAfter: 12)
    static let section = TextStyle(font: "DejaVu Sans Bold 12", spaceBefore: 6, spaceAfter: 8)
    static let titleLarge = TextStyle(font: "DejaVu Serif Bold 28", alignment: .center, spaceAfter: 18)
    static let subtitle = TextStyle(font: "DejaVu Serif Italic 14", alignment: .center, spaceAfter: 40)
    static let byline = TextStyle(font: "DejaVu Sans 13", alignment: .center, spaceAfter: 10)
    static let centered = TextStyle(font: "DejaVu Serif 10.5", alignment: .center, spaceAfter: 8)
    static let small = TextStyle(font: "DejaVu Sans 8.5", spaceAfter: 0, gray: 0.35)
    static let caption = TextStyle(font: "DejaVu Sans Oblique 9", spaceBefore: 4, spaceAfter: 8, gray: 0.2)
    static let contents = TextStyle(font: "DejaVu Serif 10.5", spaceAfter: 4)
}
