import BookLibrary
import LeanBasics

/// Search results in the browser: the books whose metadata match, and the pages whose text
/// holds the query, each hit with its context and a link that opens the reader at its page.
struct SearchPage {
    var query: String
    /// The book searched in; nil for the whole library.
    var book: Book?
    var books: [CatalogEntry] = []
    var hits: [SearchHit] = []
    /// More hits were found than are shown.
    var cut = false
    /// Why the query could not be run, in the library's words.
    var problem: String?

    func html() -> String {
        var body = "<main class=\"results\">\n"
        if let book {
            body += "<h1>“\(MarkupEscaping.text(query))” in <a href=\"/books/\(book.id)\">\(MarkupEscaping.text(book.title.isEmpty ? "Untitled" : book.title))</a></h1>\n"
            body += """
                <form class="search" method="get" action="/books/\(book.id)/search" role="search">\
                <input type="search" name="q" value="\(MarkupEscaping.text(query))" aria-label="Search in this book"> <button>Find</button></form>

                """
        } else {
            body += "<h1>Search: “\(MarkupEscaping.text(query))”</h1>\n"
        }
        if let problem { body += "<p class=\"problem\">\(MarkupEscaping.text(problem))</p>\n" }
        if !books.isEmpty {
            body += "<h2>Books</h2>\n<ul class=\"books\">\n"
            for entry in books {
                body += "<li><a href=\"/books/\(entry.book.id)\">\(MarkupEscaping.text(entry.book.title.isEmpty ? "Untitled" : entry.book.title))</a>"
                    + " <span class=\"author\">\(MarkupEscaping.text(entry.book.author))</span></li>\n"
            }
            body += "</ul>\n"
        }
        let pages = Self.byPage(hits)
        let count = pages.count == 1 ? "1 page" : "\(pages.count)\(cut ? " first" : "") pages"
        body += "<h2>\(book == nil ? "In the text" : "Found") — \(count)</h2>\n<ol class=\"hits\">\n"
        for page in pages {
            let hit = page[0]
            let link = WebPage.readerLink(book: hit.bookID, page: hit.page)
            body += "<li><a href=\"\(link)\">"
            if book == nil { body += "<span class=\"book\">\(MarkupEscaping.text(hit.bookTitle))</span>, " }
            body += "\(WebPage.pageName(hit.page, label: hit.label))</a>"
            if let chapter = hit.chapter { body += " <span class=\"chapter\">\(MarkupEscaping.text(chapter))</span>" }
            for found in page.prefix(3) {
                body += "<p>\(MarkupEscaping.text(found.snippet.before))<mark>\(MarkupEscaping.text(found.snippet.match))</mark>"
                    + "\(MarkupEscaping.text(found.snippet.after))</p>"
            }
            if page.count > 3 { body += "<p class=\"more\">and \(page.count - 3) more on this page</p>" }
            body += "</li>\n"
        }
        body += "</ol>\n</main>"
        return WebPage.document(title: "Search: \(query)", body: body, query: book == nil ? query : "")
    }

    /// The hits of each page together, pages in the order their first hit came.
    static func byPage(_ hits: [SearchHit]) -> [[SearchHit]] {
        var order: [[Int]] = []
        var groups: [[Int]: [SearchHit]] = [:]
        for hit in hits {
            let key = [hit.bookID, hit.page]
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(hit)
        }
        return order.compactMap { groups[$0] }
    }
}
