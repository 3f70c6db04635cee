import BookLibrary

/// The web reader's addresses: a book's page, the reader, search, and the two writes of
/// reading state (the place stopped, bookmarks), which are POSTs: a GET changes nothing.
/// Callers hold the library's lock.
struct WebReader {
    let library: Library
    /// Hits shown at most, in a book or across the library.
    static let hitsShown = 200

    func get(_ segments: [String], _ request: HTTPRequest, rights: ClientRights) throws -> HTTPResponse? {
        switch segments {
        case ["reader.js"]:
            return HTTPResponse(status: 200, contentType: "text/javascript; charset=utf-8", body: .bytes(Array(WebScript.reader.utf8)),
                                headers: [("Cache-Control", "max-age=3600")])
        case ["search"]:
            let query = request.argument("q")?.trimmingCharacters(in: .whitespaces) ?? ""
            guard !query.isEmpty else { return redirect("/") }
            return WebPage.response(try search(query, in: nil).html())
        case let path where path.count >= 2 && path[0] == "books":
            guard let id = LibraryServer.number(path[1]), let book = try library.book(id: id) else { return nil }
            switch path.count == 3 ? path[2] : path.count == 2 ? "" : "/" {
            case "": return WebPage.response(try bookPage(book).html())
            case "read": return try reader(book, request, rights: rights)
            case "search":
                let query = request.argument("q")?.trimmingCharacters(in: .whitespaces) ?? ""
                guard !query.isEmpty else { return redirect("/books/\(book.id)") }
                return WebPage.response(try search(query, in: book).html())
            default: return nil
            }
        default:
            return nil
        }
    }

    /// nil when nothing is at this address for a POST.
    func post(_ segments: [String], _ request: HTTPRequest) throws -> HTTPResponse? {
        guard segments.count == 3, segments[0] == "books", let id = LibraryServer.number(segments[1]) else { return nil }
        guard segments[2] == "place" || segments[2] == "bookmarks" else { return nil }
        guard let book = try library.book(id: id) else { return .text(404, "Nothing is at this address.") }
        let form = FormBody(request.body)
        guard let page = form["page"].flatMap(LibraryServer.number), (1...max(1, book.pageCount)).contains(page) else {
            return .text(400, "This needs the 'page' field, a page of the book (1 to \(book.pageCount)).")
        }
        if segments[2] == "place" {
            // The same operation `ibook view` and `ibook read` use: `ibook history` shows it.
            try library.recordReading(book, page: page)
            return HTTPResponse(status: 204, contentType: "text/plain; charset=utf-8", body: .bytes([]), headers: [("Cache-Control", "no-store")])
        }
        if form["remove"] == "1" {
            do {
                _ = try library.deleteBookmark(book, page: .number(page))
            } catch LibraryError.bookmarkNotFound {
                // Removed already (another tab, the terminal): what was asked is true.
            }
        } else {
            let note = form["note"].map { String($0.prefix(1000)) }.flatMap { $0.isEmpty ? nil : $0 }
            _ = try library.bookmark(book, page: .number(page), note: note)
        }
        return redirect(Self.sameBook(form["return"], book: book) ?? WebPage.readerLink(book: book.id, page: page))
    }

    /// Where a form may send the browser back to: an address of this book's own pages, nothing else.
    static func sameBook(_ address: String?, book: Book) -> String? {
        guard let address, address.hasPrefix("/books/\(book.id)/read?page="),
              address.utf8.allSatisfy({ (0x21...0x7e).contains($0) }), address.count <= 100 else { return nil }
        return address
    }

    private func redirect(_ location: String) -> HTTPResponse {
        .text(303, "See \(location)", headers: [("Location", location)])
    }

    private func bookPage(_ book: Book) throws -> BookPage {
        guard let entry = try library.catalog().first(where: { $0.book.id == book.id }) else {
            throw LibraryError.bookNotFound("#\(book.id)")
        }
        var notes: BookNotes?
        do {
            notes = try library.notes(of: book)
        } catch LibraryError.notOnSharedLibrary {
            notes = nil
        }
        let stopped = try library.lastPage(of: book).flatMap { page -> PageLocation? in
            guard (1...max(1, book.pageCount)).contains(page) else { return nil }
            return try library.locate(.number(page), in: book)
        }
        return BookPage(entry: entry, contents: try library.outline(of: book), bookmarks: try library.bookmarks(of: book),
                        notes: notes, stopped: stopped)
    }

    /// The reader at `?page=N` (a number, or a label the book prints); without it, where
    /// `ibook history` says the book was left, else its first page.
    private func reader(_ book: Book, _ request: HTTPRequest, rights: ClientRights) throws -> HTTPResponse {
        guard book.pageCount > 0 else { return .text(404, "Book \(book.id) has no pages to show.") }
        let asked = request.argument("page")?.trimmingCharacters(in: .whitespaces) ?? ""
        let location: PageLocation
        if asked.isEmpty {
            location = try library.locate(.number(min(max(try library.lastPage(of: book) ?? 1, 1), book.pageCount)), in: book)
        } else {
            guard asked.utf8.count <= 40 else { return .text(400, "That is no page of this book.") }
            do {
                location = try library.locate(PageReference(asked), in: book)
            } catch LibraryError.pageOutOfRange, LibraryError.unknownPageLabel {
                return .text(404, "Book \(book.id) has no page '\(asked)': it has pages 1 to \(book.pageCount).")
            }
        }
        let bookmarked = try library.bookmarks(of: book).contains { $0.page == location.page }
        let page = ReaderPage(book: book, page: location.page, label: location.label, isBookmarked: bookmarked, rights: rights)
        return WebPage.response(page.html())
    }

    private func search(_ query: String, in book: Book?) throws -> SearchPage {
        var page = SearchPage(query: query, book: book)
        if book == nil {
            // A query the catalog's language cannot read still searches the text.
            page.books = (try? library.catalog(query: query, sort: .title)) ?? []
        }
        do {
            _ = try library.search(query, scope: book.map(SearchScope.book) ?? .all, limit: Self.hitsShown + 1) { hit in
                if page.hits.count < Self.hitsShown { page.hits.append(hit) } else { page.cut = true }
            }
        } catch LibraryError.emptyQuery, LibraryError.queryTooLarge {
            page.problem = "Nothing to search for in “\(query)”: give a word or more."
        }
        return page
    }
}
