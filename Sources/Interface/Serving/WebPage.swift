import LeanBasics

/// What every page of the web reader shares: its head, the bar with the library's search,
/// and the headers it is sent with. Script comes only from `/reader.js`, style only from
/// `/shelf.css`: the policy allows nothing inline.
enum WebPage {
    static let contentSecurityPolicy = "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
        + "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    static func document(title: String, body: String, bodyClass: String = "", query: String = "", script: Bool = false,
                         head: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(MarkupEscaping.text(title))</title>
        <link rel="stylesheet" href="/shelf.css">
        <link rel="search" type="application/opensearchdescription+xml" href="/opds/opensearch.xml" title="ibook">
        \(head)\(script ? "<script src=\"/reader.js\" defer></script>\n" : "")</head>
        <body\(bodyClass.isEmpty ? "" : " class=\"\(bodyClass)\"")>
        <header class="bar"><a class="home" href="/">ibook library</a>
        <form class="search" method="get" action="/search" role="search"><input type="search" name="q" value="\(MarkupEscaping.text(query))" \
        placeholder="Search the library" aria-label="Search the library"> <button>Search</button></form></header>
        \(body)
        </body>
        </html>

        """
    }

    /// A private page: never kept by any cache, since it shows what this library's reader did.
    static func response(_ html: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "text/html; charset=utf-8", body: .bytes(Array(html.utf8)),
                     headers: [("Content-Security-Policy", contentSecurityPolicy), ("Cache-Control", "no-store")])
    }

    /// A page number as people read it: the number, and its label when the book gives another.
    static func pageName(_ page: Int, label: String?) -> String {
        guard let label, !label.isEmpty, label != String(page) else { return "page \(page)" }
        return "page \(page) (\(MarkupEscaping.text(label)))"
    }

    static func readerLink(book: Int, page: Int) -> String { "/books/\(book)/read?page=\(page)" }
}
