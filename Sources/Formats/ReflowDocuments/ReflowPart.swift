/// Which chapters (spine items) of a book a `ReflowDocument` lays out. MuPDF lays each chapter of an
/// EPUB out on its own (a chapter starts a new page), so a long book can be read in parts, one worker
/// a part, the way a long PDF is read in ranges of pages: each part lays out only its chapters, and
/// the pages of a later part follow the pages of the parts before it.
public enum ChapterSelection: Equatable, Sendable {
    /// The whole book (every format).
    case all
    /// The first chapters of a long EPUB, so many that the rest can be split into `parts` more parts
    /// of about the same size as this one; a short book, or one whose table of contents MuPDF reads
    /// itself (no EPUB 3 navigation document: resolving its entries lays out every chapter), is loaded whole.
    case firstOf(parts: Int)
    /// An EPUB's chapters `range` (0-based, both included) of a spine of `count` chapters, as
    /// a first part said; a book whose spine has another count is refused (it changed meanwhile).
    case chapters(ClosedRange<Int>, of: Int)
}

/// The chapters a `ReflowDocument` opened with a `ChapterSelection` lays out, and their pages.
public struct ReflowPart: Equatable, Sendable {
    public var chapters: ClosedRange<Int>
    /// The chapters in the book's spine.
    public var chapterCount: Int
    /// Every chapter's markup size in bytes, uncompressed, for splitting the others into parts of one size.
    public var chapterBytes: [Int]
    /// The page number, in this document, of the part's first page: the chapters before it count a page each.
    public var firstPage: Int
    /// Each of the part's chapters' page count.
    public var chapterPages: [Int]

    public var pageCount: Int { chapterPages.reduce(0, +) }
    /// This document's pages that are the part's.
    public var pages: ClosedRange<Int> { firstPage...(firstPage + max(1, pageCount) - 1) }

    /// Books whose chapters hold less markup than this are read whole: a part costs an opening of
    /// the book (its zip directory, package, navigation and markup checks) in one more worker, and
    /// the other books of an `add` keep the workers busy meanwhile. Of IDPF's samples, Moby-Dick
    /// (1.3 MB of chapters), the EPUB 3 specification (0.8 MB) and Kusamakura (0.5 MB) are split.
    public static let smallestSplitBook = 400 << 10

    /// The first part of a book of chapters `bytes` long, to be followed by `parts` more: from the first
    /// chapter until about a (4 × parts)th of the markup, at least one chapter; nil when the book is read
    /// whole. Small, as a PDF's first 96 pages are: the other parts wait for it (it says how the book
    /// is cut), and then share the rest between the workers.
    public static func firstPart(_ bytes: [Int], parts: Int) -> ClosedRange<Int>? {
        let total = bytes.reduce(0, +)
        guard parts >= 1, bytes.count >= 2, total >= smallestSplitBook else { return nil }
        let share = total / (4 * parts)
        var last = 0, sum = bytes[0]
        while last + 1 < bytes.count - 1, sum + bytes[last + 1] <= share {
            last += 1
            sum += bytes[last]
        }
        return 0...last
    }

    /// The chapters after `first` split into at most `parts` runs of about the same markup, each at least one chapter.
    public static func rest(after first: ClosedRange<Int>, bytes: [Int], parts: Int) -> [ClosedRange<Int>] {
        let start = first.upperBound + 1
        guard start < bytes.count, parts >= 1 else { return [] }
        let remaining = Array(bytes[start...])
        let count = min(parts, remaining.count)
        let total = max(1, remaining.reduce(0, +))
        var ranges: [ClosedRange<Int>] = []
        var lower = start, sum = 0
        for (offset, size) in remaining.enumerated() {
            let chapter = start + offset
            sum += size
            let left = count - ranges.count - 1
            // Close a run once it reaches its share, leaving a chapter for each run still to come.
            if left > 0, sum * count >= total * (ranges.count + 1) || bytes.count - 1 - chapter == left {
                ranges.append(lower...chapter)
                lower = chapter + 1
            }
        }
        if lower < bytes.count { ranges.append(lower...(bytes.count - 1)) }
        return ranges
    }
}
