import BookIndexing
import PageThumbnails
import BookLibrary
import Foundation

/// Gathers each report's rows from the library. Reads only: nothing here
/// changes the library (except that searching one book marks it as read,
/// as `ibook search` does).
public struct ReportBuilder {
    public let library: Library
    public let locale: ReportLocale
    public let now: Date

    public init(library: Library, locale: ReportLocale, now: Date = Date()) {
        self.library = library
        self.locale = locale
        self.now = now
    }

    private var strings: ReportStrings { locale.strings }

    /// Every book, or those `query` selects (the language of `ibook list`),
    /// with their tags and collections.
    public func catalog(query: String = "") throws -> Report {
        let entries = try library.catalog(query: query, sort: .title)
        let books = entries.map(\.book)
        let history = try library.history()
        let lastRead = Dictionary(history.map { ($0.book.id, $0.readAt) }, uniquingKeysWith: max)
        let bookmarks = try library.bookmarks(of: nil)
        let pages = books.reduce(0) { $0 + $1.pageCount }
        let readThisMonth = history.filter { isThisMonth($0.readAt) }.count
        let columns = [
            ReportColumn(key: "cover", header: strings.cover, kind: .image, weight: 0.9),
            ReportColumn(key: "title", header: strings.title, weight: 4.2),
            ReportColumn(key: "author", header: strings.author, weight: 2.4, maxLines: 2),
            ReportColumn(key: "tags", header: strings.tags, weight: 1.6, maxLines: 3),
            ReportColumn(key: "collections", header: strings.collections, weight: 1.4, maxLines: 2),
            ReportColumn(key: "pages", header: strings.pages, kind: .number, weight: 0.9),
            ReportColumn(key: "added", header: strings.added, kind: .date, weight: 1.4),
            ReportColumn(key: "last_read", header: strings.lastRead, kind: .date, weight: 1.4),
        ]
        let rows: [[ReportValue]] = entries.map { entry in
            let book = entry.book
            // A cover is a nicety: a missing file or a render failure leaves the cell empty.
            let cover = (try? library.thumbnail(of: book)).map(ReportValue.image) ?? .none
            func list(_ values: [String]) -> ReportValue { values.isEmpty ? .none : .text(values.joined(separator: ", ")) }
            return [cover, .text(book.title), .text(book.author), list(entry.tags), list(entry.collections),
                    .number(book.pageCount), .date(book.addedAt), lastRead[book.id].map(ReportValue.date) ?? .none]
        }
        return Report(
            kind: .catalog, title: strings.catalogTitle, subtitle: strings.asOf(locale.formatDate(now)),
            summary: [(strings.books, locale.formatNumber(books.count)), (strings.pages, locale.formatNumber(pages)),
                      (strings.bookmarks, locale.formatNumber(bookmarks.count)),
                      (strings.readThisMonth, locale.formatNumber(readThisMonth))],
            columns: columns, rows: rows,
            totals: books.isEmpty ? nil : [.none, .text(strings.total), .text(locale.formatNumber(books.count) + " " + strings.books.lowercased()),
                                           .none, .none, .number(pages), .none, .none])
    }

    /// One book's bookmarks, or every book's when `book` is nil.
    public func bookmarks(of book: Book?) throws -> Report {
        let bookmarks = try library.bookmarks(of: book)
        let columns = [ReportColumn(key: "book", header: strings.book, weight: 3),
                       ReportColumn(key: "page", header: strings.page, kind: .number, weight: 0.8),
                       ReportColumn(key: "label", header: "label", printed: false),
                       ReportColumn(key: "note", header: strings.note, weight: 4, maxLines: 4),
                       ReportColumn(key: "created", header: strings.bookmarked, kind: .date, weight: 1.4)]
        let rows: [[ReportValue]] = bookmarks.map { mark in
            let label = PageLabel.distinct(mark.label, page: mark.page)
            return [.text(mark.bookTitle), .number(mark.page), label.map(ReportValue.text) ?? .none,
                    mark.note.map(ReportValue.text) ?? .none, .date(mark.createdAt)]
        }
        return Report(
            kind: .bookmarks, title: strings.bookmarksTitle, subtitle: book?.title ?? strings.allBookmarks,
            summary: [(strings.bookmarks, locale.formatNumber(bookmarks.count)),
                      (strings.books, locale.formatNumber(Set(bookmarks.map(\.bookID)).count))],
            columns: columns, rows: rows, nameHint: book.map { "\($0.id)" })
    }

    /// `inQuery` names the selection when `scope` is the books a query chose.
    public func search(_ query: String, scope: SearchScope, limit: Int? = nil, inQuery: String? = nil) throws -> Report {
        var rows: [[ReportValue]] = []
        let summary = try library.search(query, scope: scope, limit: limit) { hit in
            let label = PageLabel.distinct(hit.label, page: hit.page)
            rows.append([.text(hit.bookTitle), .number(hit.page), label.map(ReportValue.text) ?? .none,
                         .text(hit.snippet.before + hit.snippet.match + hit.snippet.after), .text(hit.snippet.match)])
        }
        let scopeName: String
        switch scope {
        case .book(let book): scopeName = book.title
        case .all: scopeName = strings.wholeLibrary
        case .books(let ids): scopeName = inQuery.map { "\($0) (\(ids.count))" } ?? strings.wholeLibrary
        }
        return Report(
            kind: .search, title: strings.searchTitle, subtitle: strings.searchSubtitle(query: query, scope: scopeName),
            summary: [(strings.hits, locale.formatNumber(summary.hits)), (strings.pagesWithHits, locale.formatNumber(summary.pages)),
                      (strings.books, locale.formatNumber(summary.books))],
            columns: [ReportColumn(key: "book", header: strings.book, weight: 2.6),
                      ReportColumn(key: "page", header: strings.page, kind: .number, weight: 0.7),
                      ReportColumn(key: "label", header: "label", printed: false),
                      ReportColumn(key: "context", header: strings.context, weight: 6.5, maxLines: 4),
                      ReportColumn(key: "match", header: "match", printed: false)],
            rows: rows, nameHint: query)
    }

    public func history() throws -> Report {
        let entries = try library.history()
        let finished = entries.filter { $0.page >= $0.book.pageCount }.count
        let rows: [[ReportValue]] = entries.map { entry in
            let percent = entry.book.pageCount > 0 ? min(100, entry.page * 100 / entry.book.pageCount) : 0
            let status: ReportValue = entry.page >= entry.book.pageCount
                ? .status(strings.finished, .good) : .status(strings.percentRead(percent), percent >= 50 ? .progress : .neutral)
            return [.text(entry.book.title), .text(entry.book.author), .number(entry.page), .number(entry.book.pageCount),
                    status, .date(entry.readAt)]
        }
        return Report(
            kind: .history, title: strings.historyTitle, subtitle: strings.asOf(locale.formatDate(now)),
            summary: [(strings.booksRead, locale.formatNumber(entries.count)),
                      (strings.readThisMonth, locale.formatNumber(entries.filter { isThisMonth($0.readAt) }.count)),
                      (strings.finishedBooks, locale.formatNumber(finished))],
            columns: [ReportColumn(key: "book", header: strings.book, weight: 3.4),
                      ReportColumn(key: "author", header: strings.author, weight: 2, maxLines: 2),
                      ReportColumn(key: "page", header: strings.stoppedAt, kind: .number, weight: 0.9),
                      ReportColumn(key: "pages", header: strings.pages, kind: .number, weight: 0.8),
                      ReportColumn(key: "status", header: strings.status, kind: .status, weight: 1.3),
                      ReportColumn(key: "read_at", header: strings.lastRead, kind: .date, weight: 1.5)],
            rows: rows)
    }

    private func isThisMonth(_ date: Date) -> Bool {
        Calendar.current.isDate(date, equalTo: now, toGranularity: .month)
    }
}
