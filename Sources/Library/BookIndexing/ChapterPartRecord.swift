import BookLibrary
import ReflowDocuments

/// What one part of an EPUB read by chapters says beside its pages (written before them, after the
/// first part's document record): its chapters, their pages, and where the table of contents' and
/// page list's targets in its chapters land. Its pages are numbered from 1, and the book's page
/// numbers, outline and labels are made when every part is back (`ChapterPartsJoin`).
struct ChapterPartRecord: Codable, Equatable {
    var chapters: ClosedRange<Int>
    /// The chapters in the book's spine.
    var chapterCount: Int
    /// Each of the part's chapters' page count.
    var chapterPages: [Int]
    /// The first part only: every chapter's markup size (to split the rest by), and the layout cache's
    /// key for the book (`ReflowDocument.layoutDigest`) and the engine's version, which its checksum covers.
    var chapterBytes: [Int]?
    var layoutDigest: [UInt8]?
    var engineVersion: String?
    /// Every table of contents entry and page-list target, in their order; pages counted from the
    /// part's first page, nil for a target in another part's chapters (or found nowhere).
    var contents: [ReflowOutlineEntry]
    var pageList: [ReflowPageTarget]

    var pageCount: Int { chapterPages.reduce(0, +) }
}
