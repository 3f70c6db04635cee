import BookLibrary
import LeanBasics

/// One page of a book in the browser: the page drawn on the server as PNG, at the width the
/// browser picks from `srcset` for its viewport and pixel density, with links (and keys, in
/// `/reader.js`) to the pages around it. The script also records the page as the place the
/// reader stopped, which `ibook history` shows, and loads the next page ahead.
struct ReaderPage {
    var book: Book
    /// 1-based, as people count.
    var page: Int
    var label: String?
    var isBookmarked: Bool
    var rights: ClientRights

    /// The widths pages are drawn at: a few, so that the cache holds few copies of a page.
    static let widths = [480, 720, 960, 1280, 1600, 2048]
    /// The page is as wide as the window, up to 60rem (960 CSS pixels), as shelf.css has it.
    static let sizes = "(min-width: 60rem) 60rem, 100vw"

    static func srcset(book: Int, page: Int) -> String {
        widths.map { "/books/\(book)/pages/\(page - 1)?width=\($0) \($0)w" }.joined(separator: ", ")
    }

    func html() -> String {
        let title = book.title.isEmpty ? "Untitled" : book.title
        let here = WebPage.readerLink(book: book.id, page: page)
        var body = "<nav class=\"pager\">\n<a class=\"back\" href=\"/books/\(book.id)\">\(MarkupEscaping.text(title))</a>\n"
        if page > 1 {
            body += "<a id=\"previous\" rel=\"prev\" href=\"\(WebPage.readerLink(book: book.id, page: page - 1))\">← Previous</a>\n"
        }
        body += """
            <form class="goto" method="get" action="/books/\(book.id)/read"><label>Page \
            <input name="page" value="\(page)" size="4" inputmode="numeric" aria-label="Page number"></label> \
            of \(book.pageCount)\(label.map { $0 == String(page) ? "" : " <span class=\"label\">(\(MarkupEscaping.text($0)))</span>" } ?? "")</form>

            """
        if page < book.pageCount {
            body += "<a id=\"next\" rel=\"next\" href=\"\(WebPage.readerLink(book: book.id, page: page + 1))\">Next →</a>\n"
        }
        if rights == .edit {
            body += """
                <form class="bookmark" method="post" action="/books/\(book.id)/bookmarks">\
                <input type="hidden" name="page" value="\(page)"><input type="hidden" name="return" value="\(here)">\
                \(isBookmarked ? "<input type=\"hidden\" name=\"remove\" value=\"1\"><button id=\"bookmark\" class=\"on\">Bookmarked ★</button>"
                                 : "<button id=\"bookmark\">Bookmark ☆</button>")</form>

                """
        } else if isBookmarked {
            body += "<span class=\"bookmarked\">Bookmarked ★</span>\n"
        }
        body += "</nav>\n"
        var attributes = "data-book=\"\(book.id)\" data-page=\"\(page)\" data-sizes=\"\(Self.sizes)\""
        if page < book.pageCount { attributes += " data-next-srcset=\"\(Self.srcset(book: book.id, page: page + 1))\"" }
        if rights == .edit { attributes += " data-place=\"/books/\(book.id)/place\"" }
        body += """
            <main class="reader" \(attributes)>
            <img id="page" src="/books/\(book.id)/pages/\(page - 1)?width=960" srcset="\(Self.srcset(book: book.id, page: page))" \
            sizes="\(Self.sizes)" alt="Page \(page) of \(MarkupEscaping.text(title))">
            </main>
            """
        return WebPage.document(title: "\(title) — page \(page)", body: body, bodyClass: "reading", script: true)
    }
}
