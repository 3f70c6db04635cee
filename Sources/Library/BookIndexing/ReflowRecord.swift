import BookLibrary
import BookOpening
import Foundation
import PDF
import PlainTextBooks
import ReflowDocuments

/// What an EPUB, FB2, comic or plain-text book says about itself, as the
/// spool's document record carries a PDF's: the package document's (or the
/// FB2 description's) title and creators are the book's metadata.
enum ReflowRecord {
    static func document(_ book: ReflowBook, plainText: PlainTextBook?) -> DocumentRecord {
        let declared = book.engine.metadata
        let authors = declared.creators.filter { $0.role == nil || $0.role == "aut" }.map(\.name)
        var metadata = DeclaredMetadata(
            title: plainText?.title ?? declared.title,
            author: plainText?.author,
            subject: declared.description,
            keywords: declared.subjects.isEmpty ? nil : declared.subjects.joined(separator: ", "),
            created: declared.date.flatMap(Self.date),
            language: declared.language, catalogLanguage: declared.language)
        if metadata.title?.isEmpty == true { metadata.title = nil }
        var details: [String: String] = [:]
        details[BookDetails.Field.publisher.rawValue] = declared.publisher
        details[BookDetails.Field.isbn.rawValue] = declared.isbn
        details[BookDetails.Field.series.rawValue] = declared.series
        if declared.series != nil, let index = declared.seriesIndex {
            details[BookDetails.Field.seriesIndex.rawValue] = index == index.rounded() ? String(Int(index)) : String(index)
        }
        // A part's outline and page count are the whole book's only once every part is back (ChapterPartsJoin).
        let part = book.engine.part
        var outline = part == nil ? book.outline() : []
        if outline.isEmpty, let chapters = plainText?.chapters, !chapters.isEmpty {
            outline = PlainTextOutline.entries(chapters, in: book)
        }
        return DocumentRecord(
            metadata: metadata, pageCount: part == nil ? book.pageCount : 0, outline: outline,
            xmp: authors.isEmpty ? nil : XMPMetadata(title: nil, creators: authors),
            titlePage: nil, format: book.format,
            declaredDetails: details)
    }

    /// What a part of an EPUB read by chapters says beside its pages; the `first` part also how long
    /// each chapter is (to split the rest by) and the book's layout cache key. nil when a target's
    /// place cannot be found.
    static func part(_ book: ReflowBook, _ part: ReflowPart, first: Bool) -> ChapterPartRecord? {
        guard let navigation = book.engine.partNavigation() else { return nil }
        return ChapterPartRecord(
            chapters: part.chapters, chapterCount: part.chapterCount, chapterPages: part.chapterPages,
            chapterBytes: first ? part.chapterBytes : nil, layoutDigest: first ? book.engine.layoutDigest() : nil,
            engineVersion: first ? LayoutCache.engineVersion : nil,
            contents: navigation.contents, pageList: navigation.pageList)
    }

    /// The year, month and day a package document writes (`2011`, `2011-10`, `2011-10-06T…`).
    static func date(_ text: String) -> Date? {
        let digits = text.prefix(10).split(separator: "-").compactMap { Int($0) }
        guard let year = digits.first, (1000...9999).contains(year) else { return nil }
        var parts = DateComponents()
        parts.calendar = Calendar(identifier: .gregorian)
        parts.timeZone = TimeZone(identifier: "UTC")
        parts.year = year
        parts.month = digits.count > 1 && (1...12).contains(digits[1]) ? digits[1] : 1
        parts.day = digits.count > 2 && (1...31).contains(digits[2]) ? digits[2] : 1
        return parts.date
    }
}
