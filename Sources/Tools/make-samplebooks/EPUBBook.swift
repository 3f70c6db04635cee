// An EPUB sample book described as data: its package metadata and its
// documents as blocks. The navigation (contents and page list) is derived
// from the headings and page breaks, so it can never disagree with the text.

struct EPUBBook {
    var file: String
    var title: String
    var author: String
    var authorFileAs: String
    var language: String
    var publisher: String
    /// Thirteen digits, check digit included.
    var isbn: String
    /// The publication date, `YYYY-MM-DD`.
    var date: String
    var subjects: [String]
    var description: String
    var series: String
    var seriesIndex: Int
    /// The cover image, PNG.
    var cover: [UInt8]
    var stylesheet: String
    /// In reading order; every one of them is in the spine.
    var documents: [EPUBDocument]
    /// Strings the generator finds on the laid-out pages and writes into expected.json.
    var probes: [String]
}

struct EPUBDocument {
    /// The file name inside the package folder, `chapter-1.xhtml`.
    var name: String
    var title: String
    /// The `epub:type` of the document's section (`chapter`, `titlepage`, `endnotes`…).
    var type: String
    var blocks: [EPUBBlock]
}

enum EPUBBlock {
    /// A heading (`h1`, `h2`) with an id for links; with `listed` it is an entry of the contents,
    /// nested by level.
    case heading(level: Int, text: String, id: String, listed: Bool)
    /// A paragraph: XHTML inline markup, escaped by whoever made it.
    case paragraph(String, className: String? = nil)
    /// Where a page of the print edition begins: an entry of the page list labelled `label`.
    case pageBreak(label: String)
    case image(source: String, alternative: String)
    /// An endnote with its number, text, and the id of the reference it leads back to.
    case note(id: String, number: Int, text: String, backTo: String)
}

extension EPUBBook {
    /// The contents: listed headings in reading order, `h1` at depth 0.
    var contents: [(title: String, depth: Int, href: String)] {
        documents.flatMap { document in
            document.blocks.compactMap { block -> (String, Int, String)? in
                guard case let .heading(level, text, id, listed) = block, listed else { return nil }
                return (text, level - 1, document.name + "#" + id)
            }
        }
    }

    /// The print edition's pages, in order.
    var pageList: [(label: String, href: String)] {
        documents.flatMap { document in
            document.blocks.compactMap { block -> (String, String)? in
                guard case let .pageBreak(label) = block else { return nil }
                return (label, document.name + "#" + EPUBBook.pageID(label))
            }
        }
    }

    static func pageID(_ label: String) -> String { "page-" + label }
}
