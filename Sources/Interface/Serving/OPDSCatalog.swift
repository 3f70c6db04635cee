import BookLibrary
import Foundation

/// The library's OPDS 1.2 catalogs: a navigation root, lists of authors, tags and
/// collections, and paged acquisition feeds of books. Callers hold the library's lock.
struct OPDSCatalog {
    let library: Library
    static let pageSize = 50
    static let openSearchType = "application/opensearchdescription+xml"
    private static let navigation = AtomFeed.contentType(.navigation)
    private static let acquisition = AtomFeed.contentType(.acquisition)

    /// The books in the order of a feed, and what the feed says of each beyond its metadata.
    struct Listing {
        var entries: [CatalogEntry]
        var notes: [Int: String] = [:]
    }

    func root() throws -> AtomFeed {
        var feed = AtomFeed(id: "urn:ibook:root", title: "ibook library", updated: try lastAdded(), kind: .navigation)
        feed.links = commonLinks(self: "/opds", kind: .navigation)
        let sections: [(String, String, String, AtomFeed.Kind)] = [
            ("recent", "Recently added", "The books added last, newest first.", .acquisition),
            ("books", "All books", "Every book, by title.", .acquisition),
            ("authors", "By author", "The books of each author.", .navigation),
            ("tags", "By tag", "The books with each tag.", .navigation),
            ("collections", "Collections", "The books of each collection, in its order.", .navigation),
            ("saved", "Saved searches", "The queries saved in the library, each with the books it selects now.", .navigation),
        ]
        feed.entries = sections.map { name, title, summary, kind in
            AtomFeed.Entry(id: "urn:ibook:\(name)", title: title, updated: feed.updated, summary: summary,
                           links: [AtomFeed.Link(rel: "subsection", href: "/opds/\(name)", type: AtomFeed.contentType(kind))])
        }
        return feed
    }

    func recent(page: Int) throws -> AtomFeed {
        let listing = Listing(entries: try library.catalog(sort: .added, descending: true))
        return try books(listing, id: "urn:ibook:recent", title: "Recently added", path: "/opds/recent", page: page)
    }

    func allBooks(page: Int) throws -> AtomFeed {
        let listing = Listing(entries: try library.catalog(sort: .title))
        return try books(listing, id: "urn:ibook:books", title: "All books", path: "/opds/books", page: page)
    }

    func authors() throws -> AtomFeed {
        var counts: [String: Int] = [:]
        for entry in try library.catalog() {
            for author in Self.authors(of: entry) { counts[author, default: 0] += 1 }
        }
        let names = counts.keys.sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
        return try list(id: "urn:ibook:authors", title: "By author", path: "/opds/authors",
                        items: names.map { ($0, counts[$0] ?? 0, "/opds/author?name=" + URLQuery.encoded($0)) })
    }

    func author(_ name: String, page: Int) throws -> AtomFeed {
        let entries = try library.catalog(sort: .title).filter { Self.authors(of: $0).contains(name) }
        return try books(Listing(entries: entries), id: "urn:ibook:author:" + URLQuery.encoded(name), title: name,
                         path: "/opds/author?name=" + URLQuery.encoded(name), page: page)
    }

    func tags() throws -> AtomFeed {
        try list(id: "urn:ibook:tags", title: "By tag", path: "/opds/tags",
                 items: try library.tagCounts().map { ($0.tag, $0.total, "/opds/tag?name=" + URLQuery.encoded($0.tag)) })
    }

    func tag(_ name: String, page: Int) throws -> AtomFeed {
        let folded = name.lowercased()
        let entries = try library.catalog(sort: .title).filter { entry in
            entry.tags.contains { $0.lowercased() == folded || $0.lowercased().hasPrefix(folded + "/") }
        }
        return try books(Listing(entries: entries), id: "urn:ibook:tag:" + URLQuery.encoded(name), title: name,
                         path: "/opds/tag?name=" + URLQuery.encoded(name), page: page)
    }

    func collections() throws -> AtomFeed {
        try list(id: "urn:ibook:collections", title: "Collections", path: "/opds/collections",
                 items: try library.collections().map { ($0.name, $0.bookCount, "/opds/collection?id=\($0.id)") })
    }

    /// nil when no collection has this id.
    func collection(id: Int, page: Int) throws -> AtomFeed? {
        guard let collection = try library.collections().first(where: { $0.id == id }) else { return nil }
        let byID = Dictionary(try library.catalog().map { ($0.book.id, $0) }, uniquingKeysWith: { first, _ in first })
        let entries = try library.books(in: collection.name).compactMap { byID[$0.id] }
        return try books(Listing(entries: entries), id: "urn:ibook:collection:\(id)", title: collection.name,
                         path: "/opds/collection?id=\(id)", page: page)
    }

    func savedSearches() throws -> AtomFeed {
        let items = try library.savedSearches().map { saved in
            (saved.name, try library.catalog(query: saved.query).count, "/opds/saved-search?name=" + URLQuery.encoded(saved.name))
        }
        return try list(id: "urn:ibook:saved", title: "Saved searches", path: "/opds/saved", items: items)
    }

    /// nil when no search is saved under this name.
    func savedSearch(_ name: String, page: Int) throws -> AtomFeed? {
        guard let saved = try library.savedSearches().first(where: { $0.name == name }) else { return nil }
        return try books(Listing(entries: try library.catalog(query: saved.query, sort: .title)), id: "urn:ibook:saved:" + URLQuery.encoded(name),
                         title: name, path: "/opds/saved-search?name=" + URLQuery.encoded(name), page: page)
    }

    /// Books whose metadata match the query (as `ibook list` reads it), then those whose text
    /// holds it (as `ibook search` finds it), each with the first page it was found on.
    func search(_ query: String, page: Int) throws -> AtomFeed {
        let all = try library.catalog(sort: .title)
        let byID = Dictionary(all.map { ($0.book.id, $0) }, uniquingKeysWith: { first, _ in first })
        // A query the catalog's language cannot read still searches the text.
        var listing = Listing(entries: (try? library.catalog(query: query, sort: .title)) ?? [])
        var seen = Set(listing.entries.map(\.book.id))
        _ = try library.search(query, scope: .all, limit: 500) { hit in
            guard !seen.contains(hit.bookID), let entry = byID[hit.bookID] else { return }
            seen.insert(hit.bookID)
            listing.entries.append(entry)
            let page = hit.label.map { "\(hit.page) (\($0))" } ?? "\(hit.page)"
            listing.notes[hit.bookID] = "Page \(page): \(hit.snippet.before)\(hit.snippet.match)\(hit.snippet.after)"
        }
        return try books(listing, id: "urn:ibook:search:" + URLQuery.encoded(query), title: "Search: " + query,
                         path: "/opds/search?q=" + URLQuery.encoded(query), page: page)
    }

    static func openSearchDescription() -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">
          <ShortName>ibook</ShortName>
          <Description>Search the titles, authors, tags and full text of the books in this ibook library.</Description>
          <InputEncoding>UTF-8</InputEncoding>
          <OutputEncoding>UTF-8</OutputEncoding>
          <Url type="\(acquisition)" template="/opds/search?q={searchTerms}"/>
        </OpenSearchDescription>

        """
    }

    // MARK: - Building feeds

    private func list(id: String, title: String, path: String, items: [(String, Int, String)]) throws -> AtomFeed {
        var feed = AtomFeed(id: id, title: title, updated: try lastAdded(), kind: .navigation)
        feed.links = commonLinks(self: path, kind: .navigation)
        feed.entries = items.map { name, count, href in
            AtomFeed.Entry(id: id + ":" + URLQuery.encoded(name), title: name, updated: feed.updated,
                           summary: count == 1 ? "1 book" : "\(count) books",
                           links: [AtomFeed.Link(rel: "subsection", href: href, type: Self.acquisition)])
        }
        return feed
    }

    private func books(_ listing: Listing, id: String, title: String, path: String, page: Int) throws -> AtomFeed {
        let paging = FeedPaging(total: listing.entries.count, size: Self.pageSize, page: page)
        let shown = listing.entries[paging.items]
        var feed = AtomFeed(id: id, title: title, updated: try lastAdded(), kind: .acquisition)
        let pageLinks = paging.links(path: path)
        feed.links = commonLinks(self: pageLinks[0].href, kind: .acquisition)
        feed.links += pageLinks.dropFirst().map { AtomFeed.Link(rel: $0.rel, href: $0.href, type: Self.acquisition) }
        feed.totalResults = paging.total
        feed.itemsPerPage = paging.size
        feed.startIndex = paging.items.lowerBound + 1
        // Where each book was left, for PSE 1.1's lastRead: the same history `ibook history` shows.
        let read = Dictionary(try library.history().map { ($0.book.id, $0) }, uniquingKeysWith: { first, _ in first })
        feed.entries = try shown.map { try entry(for: $0, note: listing.notes[$0.book.id], read: read[$0.book.id]) }
        return feed
    }

    private func entry(for item: CatalogEntry, note: String?, read: HistoryEntry?) throws -> AtomFeed.Entry {
        let book = item.book
        let summary = [note, item.details.description ?? book.subject].compactMap { $0 }.filter { !$0.isEmpty }
        var entry = AtomFeed.Entry(id: "urn:sha256:" + book.sha256, title: book.title.isEmpty ? "Untitled" : book.title,
                                   updated: book.addedAt)
        entry.authors = Self.authors(of: item)
        // As edited, else the language the book's text was found to be in.
        entry.language = try item.details.language ?? library.stemmingLanguage(of: book)?.code
        entry.issued = item.year.map(String.init)
        entry.publisher = item.details.publisher
        entry.summary = summary.isEmpty ? nil : summary.joined(separator: "\n")
        entry.categories = item.tags
        entry.links = [
            AtomFeed.Link(rel: "http://opds-spec.org/image", href: "/books/\(book.id)/cover", type: "image/png"),
            AtomFeed.Link(rel: "http://opds-spec.org/image/thumbnail", href: "/books/\(book.id)/thumbnail", type: "image/png"),
            AtomFeed.Link(rel: "http://opds-spec.org/acquisition", href: "/books/\(book.id)/file",
                          type: BookMediaType.of(book.format), title: book.format.displayName,
                          attributes: [("length", String(book.size))]),
            // OPDS-PSE: the app fills in {pageNumber} (from 0) and {maxWidth}.
            // pse:lastRead counts from 1 (PSE 1.1), unlike {pageNumber}.
            AtomFeed.Link(rel: "http://vaemendis.net/opds-pse/stream", href: "/books/\(book.id)/pages/{pageNumber}?width={maxWidth}",
                          type: "image/png",
                          attributes: [("pse:count", String(book.pageCount))]
                            + (read.map { [("pse:lastRead", String($0.page)), ("pse:lastReadDate", AtomFeed.timestamp($0.readAt))] } ?? [])),
        ]
        return entry
    }

    private func commonLinks(self path: String, kind: AtomFeed.Kind) -> [AtomFeed.Link] {
        var links = [
            AtomFeed.Link(rel: "self", href: path, type: AtomFeed.contentType(kind)),
            AtomFeed.Link(rel: "start", href: "/opds", type: Self.navigation, title: "ibook library"),
            AtomFeed.Link(rel: "search", href: "/opds/opensearch.xml", type: Self.openSearchType, title: "Search"),
        ]
        if path != "/opds" { links.insert(AtomFeed.Link(rel: "up", href: "/opds", type: Self.navigation), at: 2) }
        return links
    }

    private func lastAdded() throws -> Date {
        try library.catalog(sort: .added, descending: true).first?.book.addedAt ?? Date(timeIntervalSince1970: 0)
    }

    /// The names as edited, else as the file gave them, one by one.
    static func authors(of entry: CatalogEntry) -> [String] {
        if let edited = entry.details.authors, !edited.isEmpty { return edited }
        return entry.book.author.split(whereSeparator: { $0 == "," || $0 == ";" })
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
