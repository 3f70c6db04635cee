import BookLibrary
import ReflowDocuments

/// The parts of an EPUB read by chapters (`ChapterPartRecord`, in chapter order) made one book: its
/// page count, its outline and its page labels, as the book laid out whole gives them. A part's
/// pages follow the pages of the parts before it; a target lands where the part holding its chapter
/// says, counted from that part's first page.
struct ChapterPartsJoin {
    var pageCount: Int
    var outline: [OutlineEntry]
    /// One a page.
    var labels: [String?]
    /// The book's every chapter's page count, for the layout cache.
    var chapterPages: [Int]
    /// Where each part's pages start (0 for the first).
    var offsets: [Int]

    /// nil when the parts are not one book's every chapter, once each.
    init?(_ parts: [ChapterPartRecord]) {
        guard let first = parts.first, first.chapters.lowerBound == 0 else { return nil }
        var next = 0, total = 0
        var offsets: [Int] = []
        for part in parts {
            guard part.chapters.lowerBound == next, part.chapterCount == first.chapterCount,
                  part.chapterPages.count == part.chapters.count, part.chapterPages.allSatisfy({ $0 >= 1 }),
                  part.contents.count == first.contents.count, part.pageList.count == first.pageList.count else { return nil }
            offsets.append(total)
            total += part.pageCount
            next = part.chapters.upperBound + 1
        }
        guard next == first.chapterCount else { return nil }
        /// Only the part holding a target's chapter gives it a page.
        func joined(_ page: (ChapterPartRecord) -> Int?) -> Int? {
            for (part, offset) in zip(parts, offsets) { if let found = page(part) { return offset + found } }
            return nil
        }
        let contents = first.contents.indices.map { index in
            ReflowOutlineEntry(title: first.contents[index].title, depth: first.contents[index].depth,
                               page: joined { $0.contents[index].page })
        }
        outline = ReflowOutlineEntry.headingsOpened(contents).map { OutlineEntry(title: $0.title, depth: $0.depth, page: $0.page) }
        let targets = first.pageList.indices.map { index in
            ReflowPageTarget(title: first.pageList[index].title, page: joined { $0.pageList[index].page })
        }
        labels = ReflowPageTarget.labels(pageCount: total, targets: targets)
        pageCount = total
        chapterPages = parts.flatMap(\.chapterPages)
        self.offsets = offsets
    }
}
