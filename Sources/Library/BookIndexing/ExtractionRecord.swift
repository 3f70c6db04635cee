import FileNames
import BookLibrary
import Foundation
import PDF

/// One record of the spool file an extraction writes: the document first, then
/// one record per page, then the end. Streaming pages through a file keeps
/// memory flat for books of any length and lets a separate process extract.
enum ExtractionRecord: Codable {
    case document(DocumentRecord)
    case page(PageRecord)
    case end(EndRecord)
    /// A part of a long EPUB: its chapters and where its targets land (`ChapterPartRecord`).
    case chapters(ChapterPartRecord)
    case failure(FailureRecord)
}

struct DocumentRecord: Codable {
    var metadata: DeclaredMetadata
    var pageCount: Int
    var outline: [OutlineEntry]
    var xmp: XMPMetadata?
    var titlePage: TitlePage?
    var format: BookFormat = .pdf
    /// What an EPUB or FB2 declares beyond title and authors (publisher, series, ISBN), by field name.
    var declaredDetails: [String: String] = [:]

    /// What the title and author may be chosen from, for the file at `path`.
    func candidates(path: String) -> MetadataCandidates {
        let name = (path as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return MetadataCandidates(
            infoTitle: metadata.title, infoAuthor: metadata.author,
            xmpTitle: xmp?.title, xmpCreators: xmp?.creators ?? [],
            pageTitle: titlePage?.title, pageAuthors: titlePage?.authors ?? [],
            // A name that is not UTF-8 is most likely Latin-1: read as that, it makes a title.
            fileName: FileName.readable(stem.isEmpty ? name : stem), declaredForReaders: format != .pdf && format != .txt)
    }
}

struct PageRecord: Codable {
    var page: Int
    var label: String?
    var text: String
    /// The page's highlights, notes and other marks; nil when it has none.
    var annotations: [NewAnnotation]?
}

struct EndRecord: Codable {
    var thumbnail: String?
    var diagnostics: [String]
}

struct FailureRecord: Codable {
    var reason: String
    var diagnostics: [String]
}
