import FoundationEssentials
import LeanBasics
import Glibc

/// The title and author a book is listed under, and where each came from.
public struct MetadataChoice: Codable, Equatable, Sendable {
    public var title: String
    public var titleSource: MetadataSource
    public var author: String
    public var authorSource: MetadataSource

    public init(title: String, titleSource: MetadataSource, author: String, authorSource: MetadataSource) {
        self.title = title
        self.titleSource = titleSource
        self.author = author
        self.authorSource = authorSource
    }

    /// What is shown when no author is known.
    public static let unknownAuthor = "Unknown"

    /// A good Info title always wins; then XMP, then the first page, then
    /// the Info title freed of its producer's decorations, then the file name.
    public static func choose(from candidates: MetadataCandidates) -> MetadataChoice {
        let fileName = candidates.fileName
        func good(_ title: String?) -> Bool { TitleJudge.isGood(title: title, fileName: fileName) }

        if candidates.declaredForReaders, let title = candidates.infoTitle, !title.isEmpty {
            let author = candidates.xmpCreators.isEmpty ? nil : candidates.xmpCreators.joined(separator: ", ")
            return MetadataChoice(title: title, titleSource: .metadata, author: author ?? candidates.infoAuthor ?? unknownAuthor,
                                  authorSource: author != nil || candidates.infoAuthor != nil ? .metadata : .none)
        }
        let title: String, titleSource: MetadataSource
        if let info = candidates.infoTitle.map(TitleJudge.withoutGeneratorPrefix), good(info) {
            (title, titleSource) = (info, .metadata)
        } else if let xmp = candidates.xmpTitle, good(xmp) {
            (title, titleSource) = (xmp, .xmp)
        } else if let page = candidates.pageTitle, TitleJudge.isGood(title: page, fileName: "") {
            // What the page prints is the title even when the file is named after it.
            (title, titleSource) = (page, .firstPage)
        } else if let info = candidates.infoTitle, let stripped = TitleJudge.stripped(info), good(stripped) {
            (title, titleSource) = (stripped, .metadata)
        } else {
            (title, titleSource) = (fileName, .fileName)
        }

        let creators = candidates.xmpCreators.filter { TitleJudge.isGood(author: $0) }
        // Names under the first page's title are its authors only when that
        // title is the one chosen, or says the same.
        let pageIsTitlePage = candidates.pageTitle.map { similar($0, title) } ?? false
        let author: String, authorSource: MetadataSource
        if let info = candidates.infoAuthor.flatMap({ AuthorList.cleaned($0, pageAuthors: candidates.pageAuthors) }),
           TitleJudge.isGood(author: info) {
            (author, authorSource) = (info, .metadata)
        } else if !creators.isEmpty {
            (author, authorSource) = (creators.joined(separator: ", "), .xmp)
        } else if pageIsTitlePage, !candidates.pageAuthors.isEmpty {
            (author, authorSource) = (candidates.pageAuthors.joined(separator: ", "), .firstPage)
        } else {
            (author, authorSource) = (unknownAuthor, .none)
        }
        return MetadataChoice(title: title, titleSource: titleSource, author: author, authorSource: authorSource)
    }

    /// Equal once case, spacing and punctuation are set aside, or one the start of the other.
    static func similar(_ a: String, _ b: String) -> Bool {
        func letters(_ text: String) -> String {
            String(String.UnicodeScalarView(text.lowercased().unicodeScalars.filter {
                ScalarClass.isAlphanumeric($0)
            }))
        }
        let (x, y) = (letters(a), letters(b))
        guard !x.isEmpty, !y.isEmpty else { return false }
        return x == y || (min(x.count, y.count) >= 8 && (x.hasPrefix(y) || y.hasPrefix(x)))
    }
}
