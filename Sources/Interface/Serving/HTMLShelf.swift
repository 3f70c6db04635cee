import BookLibrary
import LeanBasics

/// The library as a page of covers for a browser: each cover opens its book's page. No script;
/// the style is a file of its own, so that the page's Content-Security-Policy allows nothing inline.
struct HTMLShelf {
    static let pageSize = 100

    static func page(_ entries: [CatalogEntry], page: Int) -> String {
        let paging = FeedPaging(total: entries.count, size: pageSize, page: page)
        var html = """
            <header><h1>ibook library</h1>
            <p>\(entries.count == 1 ? "1 book" : "\(entries.count) books") · <a href="/opds">OPDS catalog</a> for e-reader apps</p></header>
            <ul class="shelf">

            """
        for entry in entries[paging.items] {
            let book = entry.book
            let title = MarkupEscaping.text(book.title.isEmpty ? "Untitled" : book.title)
            html += """
                <li><a href="/books/\(book.id)" title="\(title) (\(MarkupEscaping.text(book.format.displayName)))">\
                <img src="/books/\(book.id)/thumbnail" alt="" loading="lazy">\
                <span class="title">\(title)</span><span class="author">\(MarkupEscaping.text(book.author))</span></a></li>

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
        return WebPage.document(title: "ibook library", body: html)
    }

    static let css = """
        body { font-family: system-ui, sans-serif; margin: 0 1.5rem 1.5rem; background: #faf8f5; color: #222; }
        header p { color: #555; }
        .bar { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: center; justify-content: space-between;
               padding: .6rem 0; border-bottom: 1px solid #ddd; margin-bottom: 1rem; }
        .bar .home { font-weight: 700; color: inherit; text-decoration: none; }
        input[type=search] { width: 14rem; max-width: 60vw; }
        .shelf { list-style: none; padding: 0; display: grid; gap: 1.5rem;
                 grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr)); }
        .shelf a { display: flex; flex-direction: column; gap: .3rem; color: inherit; text-decoration: none; }
        .shelf img { width: 100%; aspect-ratio: 2 / 3; object-fit: contain; background: #eee;
                     box-shadow: 0 1px 4px rgba(0, 0, 0, .25); }
        .title { font-weight: 600; font-size: .9rem; }
        .author { color: #666; font-size: .8rem; }
        nav { margin-top: 2rem; }
        .book { max-width: 60rem; }
        .about { display: flex; flex-wrap: wrap; gap: 1.5rem; align-items: flex-start; }
        .about .cover { width: 12rem; box-shadow: 0 1px 4px rgba(0, 0, 0, .25); }
        .about h1 { margin: 0 0 .3rem; } .about .author { font-size: 1rem; }
        .about dl { display: grid; grid-template-columns: max-content 1fr; gap: .2rem 1rem; }
        .about dt { color: #666; }
        .button { display: inline-block; padding: .4rem .9rem; border-radius: .3rem; background: #2c5d9c; color: #fff;
                  text-decoration: none; margin-right: 1rem; }
        .contents ol { list-style: none; padding: 0; }
        .contents li { display: flex; gap: 1rem; justify-content: space-between; border-bottom: 1px dotted #ccc; padding: .15rem 0; }
        .contents .depth-1 { padding-left: 1.2rem; } .contents .depth-2 { padding-left: 2.4rem; }
        .contents .depth-3, .contents .depth-4, .contents .depth-5 { padding-left: 3.6rem; }
        .label { color: #666; font-variant-numeric: tabular-nums; }
        blockquote { margin: .3rem 0 .3rem 1rem; padding-left: .6rem; border-left: 3px solid #e5c100; color: #444; }
        .hits li { margin-bottom: .8rem; } .hits p { margin: .2rem 0; color: #444; }
        mark { background: #ffe680; color: inherit; }
        .reading { margin: 0 .5rem; }
        .pager { display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; align-items: center; justify-content: center;
                 margin: 0 auto .6rem; max-width: 60rem; }
        .pager .back { font-weight: 600; margin-right: auto; }
        .pager form { margin: 0; }
        .bookmark button.on { background: #e5c100; }
        .reader { max-width: 60rem; margin: 0 auto; }
        .reader img { display: block; width: 100%; height: auto; background: #fff; box-shadow: 0 1px 6px rgba(0, 0, 0, .3); }
        @media (prefers-color-scheme: dark) {
            body { background: #1d1d1f; color: #eee; } header p, .author, .label, .about dt { color: #aaa; }
            .shelf img { background: #333; } a { color: #8ab4f8; } .bar { border-color: #444; }
            .hits p, blockquote { color: #ccc; } mark { background: #806a00; }
        }

        """
}
