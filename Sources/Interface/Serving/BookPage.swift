import BookLibrary
import Foundation
import LeanBasics

/// A book's page in the web reader: its metadata, where its reader stopped, its contents with
/// their page labels, its bookmarks and its notes, each opening the reader at its page.
struct BookPage {
    var entry: CatalogEntry
    var contents: [TOCEntry]
    var bookmarks: [Bookmark]
    /// nil where the library keeps no notes to serve (a shared library, for now).
    var notes: BookNotes?
    var stopped: PageLocation?

    func html() -> String {
        let book = entry.book
        let title = book.title.isEmpty ? "Untitled" : book.title
        var body = "<main class=\"book\">\n<section class=\"about\">\n"
        body += "<img class=\"cover\" src=\"/books/\(book.id)/cover\" alt=\"\">\n<div>\n"
        body += "<h1>\(MarkupEscaping.text(title))</h1>\n"
        let authors = OPDSCatalog.authors(of: entry)
        if !authors.isEmpty { body += "<p class=\"author\">\(MarkupEscaping.text(authors.joined(separator: ", ")))</p>\n" }
        body += "<p class=\"actions\">"
        if let stopped {
            body += "<a class=\"button\" id=\"continue\" href=\"\(WebPage.readerLink(book: book.id, page: stopped.page))\">"
                + "Continue at \(WebPage.pageName(stopped.page, label: stopped.label))</a> "
        } else {
            body += "<a class=\"button\" id=\"continue\" href=\"\(WebPage.readerLink(book: book.id, page: 1))\">Read</a> "
        }
        body += "<a href=\"/books/\(book.id)/file\" download>Download the \(MarkupEscaping.text(book.format.displayName))</a></p>\n"
        body += "<dl>\n" + facts().map { "<dt>\($0.0)</dt><dd>\(MarkupEscaping.text($0.1))</dd>" }.joined(separator: "\n") + "\n</dl>\n"
        if let description = entry.details.description ?? book.subject, !description.isEmpty {
            body += "<p class=\"description\">\(MarkupEscaping.text(description))</p>\n"
        }
        body += """
            <form class="search" method="get" action="/books/\(book.id)/search" role="search">\
            <input type="search" name="q" placeholder="Search in this book" aria-label="Search in this book"> <button>Find</button></form>
            </div>\n</section>\n
            """
        body += contentsSection(book)
        body += bookmarksSection(book)
        body += notesSection(book)
        body += "</main>"
        return WebPage.document(title: title, body: body)
    }

    private func facts() -> [(String, String)] {
        let book = entry.book
        var facts: [(String, String)] = [("Format", book.format.displayName),
                                         ("Pages", String(book.pageCount)),
                                         ("Size", ByteCountFormatter.string(fromByteCount: Int64(book.size), countStyle: .file))]
        if let year = entry.year { facts.append(("Year", String(year))) }
        if let publisher = entry.details.publisher { facts.append(("Publisher", publisher)) }
        if let language = entry.details.language { facts.append(("Language", language)) }
        if let series = entry.details.series {
            facts.append(("Series", entry.details.seriesIndex.map { "\(series) \(Self.number($0))" } ?? series))
        }
        if let isbn = entry.details.isbn { facts.append(("ISBN", isbn)) }
        if !entry.tags.isEmpty { facts.append(("Tags", entry.tags.joined(separator: ", "))) }
        if !entry.collections.isEmpty { facts.append(("Collections", entry.collections.joined(separator: ", "))) }
        return facts
    }

    private func contentsSection(_ book: Book) -> String {
        guard !contents.isEmpty else { return "" }
        var html = "<section class=\"contents\">\n<h2>Contents</h2>\n<ol>\n"
        for item in contents {
            let title = MarkupEscaping.text(item.title)
            if let page = item.page {
                html += "<li class=\"depth-\(min(item.depth, 5))\"><a href=\"\(WebPage.readerLink(book: book.id, page: page))\">\(title)</a>"
                    + " <span class=\"label\">\(MarkupEscaping.text(item.label ?? String(page)))</span></li>\n"
            } else {
                html += "<li class=\"depth-\(min(item.depth, 5))\">\(title)</li>\n"
            }
        }
        return html + "</ol>\n</section>\n"
    }

    private func bookmarksSection(_ book: Book) -> String {
        var html = "<section class=\"bookmarks\">\n<h2>Bookmarks</h2>\n"
        guard !bookmarks.isEmpty else { return html + "<p>None yet: the reader's Bookmark button, or <code>ibook bookmark</code>, adds one.</p>\n</section>\n" }
        html += "<ul>\n"
        for mark in bookmarks {
            html += "<li><a href=\"\(WebPage.readerLink(book: book.id, page: mark.page))\">\(WebPage.pageName(mark.page, label: mark.label).capitalizedFirst)</a>"
            if let note = mark.note, !note.isEmpty { html += " — \(MarkupEscaping.text(note))" }
            html += "</li>\n"
        }
        return html + "</ul>\n</section>\n"
    }

    private func notesSection(_ book: Book) -> String {
        guard let notes, notes.annotationCount > 0 else { return "" }
        var html = "<section class=\"notes\">\n<h2>Notes and highlights</h2>\n"
        for chapter in notes.chapters {
            if let title = chapter.title { html += "<h3>\(MarkupEscaping.text(title))</h3>\n" }
            html += "<ul>\n"
            for annotation in chapter.annotations {
                html += "<li class=\"\(MarkupEscaping.text(annotation.kind.rawValue))\"><a href=\"\(WebPage.readerLink(book: book.id, page: annotation.page))\">"
                    + "\(WebPage.pageName(annotation.page, label: annotation.label).capitalizedFirst)</a> · \(MarkupEscaping.text(annotation.kind.rawValue))"
                if let text = annotation.text, !text.isEmpty { html += "<blockquote>\(MarkupEscaping.text(text))</blockquote>" }
                if let note = annotation.note, !note.isEmpty { html += "<p>\(MarkupEscaping.text(note))</p>" }
                html += "</li>\n"
            }
            html += "</ul>\n"
        }
        return html + "</section>\n"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
