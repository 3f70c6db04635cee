// The two tables of contents of an EPUBBook: the EPUB 3 navigation document
// (a nested `toc` and the print edition's `page-list`) and the EPUB 2 NCX
// with the same entries, for readers that know only the older one.

enum EPUBNavigationDocuments {
    static func nav(_ book: EPUBBook) -> String {
        let e = XMLEscaping.text
        var toc = ""
        var depth = -1
        // Nested lists from depths: an <ol> opens below an entry, closes when the depth falls back.
        for entry in book.contents {
            if entry.depth > depth {
                toc += entry.depth == 0 ? "<ol>\n" : "\n<ol>\n"
            } else {
                toc += "</li>\n"
                for _ in 0..<(depth - entry.depth) { toc += "</ol>\n</li>\n" }
            }
            toc += "<li><a href=\"\(entry.href)\">\(e(entry.title))</a>"
            depth = entry.depth
        }
        if depth >= 0 {
            toc += "</li>\n"
            for _ in 0..<depth { toc += "</ol>\n</li>\n" }
            toc += "</ol>\n"
        }
        let pages = book.pageList.map { "<li><a href=\"\($0.href)\">\($0.label)</a></li>\n" }.joined()
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE html>
            <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="\(book.language)" lang="\(book.language)">
            <head>
            <meta charset="UTF-8"/>
            <title>\(e(book.title))</title>
            <link rel="stylesheet" type="text/css" href="style.css"/>
            </head>
            <body>
            <nav epub:type="toc" role="doc-toc" id="toc">
            <h1>Contents</h1>
            \(toc)</nav>
            <nav epub:type="page-list" role="doc-pagelist" id="page-list" hidden="hidden">
            <h1>Pages</h1>
            <ol>
            \(pages)</ol>
            </nav>
            </body>
            </html>

            """
    }

    static func ncx(_ book: EPUBBook) -> String {
        let e = XMLEscaping.text
        var points = ""
        var order = 0
        var depth = -1
        for entry in book.contents {
            if entry.depth <= depth {
                points += String(repeating: "</navPoint>\n", count: depth - entry.depth + 1)
            }
            order += 1
            points += """
                <navPoint id="point-\(order)" playOrder="\(order)"><navLabel><text>\(e(entry.title))</text></navLabel>\
                <content src="\(entry.href)"/>

                """
            depth = entry.depth
        }
        points += String(repeating: "</navPoint>\n", count: depth + 1)
        var pages = ""
        for page in book.pageList {
            order += 1
            let type = page.label.allSatisfy(\.isNumber) ? "normal" : "front"
            pages += """
                <pageTarget id="page-target-\(page.label)" type="\(type)" value="\(order)" playOrder="\(order)">\
                <navLabel><text>\(page.label)</text></navLabel><content src="\(page.href)"/></pageTarget>

                """
        }
        let maximumDepth = (book.contents.map(\.depth).max() ?? 0) + 1
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="\(book.language)">
            <head>
            <meta name="dtb:uid" content="urn:isbn:\(book.isbn)"/>
            <meta name="dtb:depth" content="\(maximumDepth)"/>
            <meta name="dtb:totalPageCount" content="\(book.pageList.count)"/>
            <meta name="dtb:maxPageNumber" content="\(book.pageList.filter { $0.label.allSatisfy(\.isNumber) }.count)"/>
            </head>
            <docTitle><text>\(e(book.title))</text></docTitle>
            <docAuthor><text>\(e(book.author))</text></docAuthor>
            <navMap>
            \(points)</navMap>
            <pageList>
            <navLabel><text>Pages</text></navLabel>
            \(pages)</pageList>
            </ncx>

            """
    }
}
