import BookLibrary

/// The library as a page of covers for a browser: each cover downloads its book. No script;
/// the style is a file of its own, so that the page's Content-Security-Policy allows nothing inline.
struct HTMLShelf {
    static let pageSize = 100
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self'; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static func page(_ entries: [CatalogEntry], page: Int) -> String {
        let paging = FeedPaging(total: entries.count, size: pageSize, page: page)
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>ibook library</title>
            <link rel="stylesheet" href="/shelf.css">
            <link rel="search" type="application/opensearchdescription+xml" href="/opds/opensearch.xml" title="ibook">
            </head>
            <body>
            <header><h1>ibook library</h1>
            <p>\(entries.count == 1 ? "1 book" : "\(entries.count) books") · <a href="/opds">OPDS catalog</a> for e-reader apps</p></header>
            <ul class="shelf">

            """
        for entry in entries[paging.items] {
            let book = entry.book
            let title = XMLText.escaped(book.title.isEmpty ? "Untitled" : book.title)
            html += """
                <li><a href="/books/\(book.id)/file" title="Download \(title) (\(XMLText.escaped(book.format.displayName)))">\
                <img src="/books/\(book.id)/thumbnail" alt="" loading="lazy">\
                <span class="title">\(title)</span><span class="author">\(XMLText.escaped(book.author))</span></a></li>

                """
        }
        html += "</ul>\n"
        if paging.pages > 1 {
            html += "<nav>"
            if paging.page > 1 { html += "<a href=\"/?page=\(paging.page - 1)\" rel=\"prev\">Previous</a> " }
            html += "Page \(paging.page) of \(paging.pages)"
            if paging.page < paging.pages { html += " <a href=\"/?page=\(paging.page + 1)\" rel=\"next\">Next</a>" }
            html += "</nav>\n"
        }
        return html + "</body>\n</html>\n"
    }

    static let css = """
        body { font-family: system-ui, sans-serif; margin: 1.5rem; background: #faf8f5; color: #222; }
        header p { color: #555; }
        .shelf { list-style: none; padding: 0; display: grid; gap: 1.5rem;
                 grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); }
        .shelf a { display: flex; flex-direction: column; gap: .3rem; color: inherit; text-decoration: none; }
        .shelf img { width: 100%; aspect-ratio: 2 / 3; object-fit: contain; background: #eee;
                     box-shadow: 0 1px 4px rgba(0, 0, 0, .25); }
        .title { font-weight: 600; font-size: .9rem; }
        .author { color: #666; font-size: .8rem; }
        nav { margin-top: 2rem; }
        @media (prefers-color-scheme: dark) {
            body { background: #1d1d1f; color: #eee; } header p, .author { color: #aaa; } .shelf img { background: #333; }
            a { color: #8ab4f8; }
        }

        """
}
