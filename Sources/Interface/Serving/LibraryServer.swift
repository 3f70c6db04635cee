import BookLibrary
import FileNames
import Foundation
import PageThumbnails

/// Answers HTTP requests from the library: OPDS catalogs, covers and books' files.
/// Who may ask is decided here first; no part of an URL but a book's id ever names a file.
public final class LibraryServer: @unchecked Sendable {
    private let library: Library
    /// The library's connection and caches are for one caller at a time.
    private let lock = NSLock()
    /// Pages are drawn apart from the library's lock, so that a page drawn for the first time holds
    /// up no feed, and side by side (PDFs). Entered after the library's lock when both are held.
    private let drawing = PageDrawing()

    /// A page to draw once the library's lock is given back, or a response ready now.
    private enum Answer {
        case ready(HTTPResponse)
        case draw(Book, page: Int, width: Int)
    }
    private let access: AccessPolicy
    private let rateLimit: RateLimiter?

    /// Longer paths are refused before anything is looked up.
    static let longestPath = 2048
    static let coverSize = Library.coverSize
    static let thumbnailSize = 128
    /// A page's width when the app does not say (OPDS-PSE's {maxWidth} left as it is).
    static let pageWidth = 1200
    static let widest = 4096

    /// Told of every request that failed on the server's side, with the reason in full.
    private let onFailure: (@Sendable (String) -> Void)?

    public init(library: Library, access: AccessPolicy, rateLimit: RateLimiter? = nil,
                onFailure: (@Sendable (String) -> Void)? = nil) {
        self.library = library
        self.access = access
        self.rateLimit = rateLimit
        self.onFailure = onFailure
    }

    public func respond(_ request: HTTPRequest) -> HTTPResponse {
        // Counted before the token is checked, so that guessing tokens is slowed down as well.
        if let rateLimit, let wait = rateLimit.admit(request.clientAddress) {
            return .text(429, "Too many requests from this address: try again in \(wait) s.",
                         headers: [("Retry-After", String(wait))])
        }
        guard ["GET", "HEAD", "POST"].contains(request.method) else {
            return .text(405, "Only GET, HEAD and POST are answered here.", headers: [("Allow", "GET, HEAD, POST")])
        }
        guard request.path.utf8.count <= Self.longestPath else { return .text(414, "The address is too long.") }
        // Asked on every request, so that a token added or removed with `ibook token` counts at once.
        let storedTokens = lock.withLock { (try? library.hasWebTokens()) ?? false }
        let offered = access.rights(authorization: request.header("Authorization"), storedTokens: storedTokens) { secret in
            lock.withLock { (try? library.webTokenRights(secret)).flatMap { $0 }.map(ClientRights.init) }
        }
        guard let rights = offered else {
            return .text(401, "An access token is needed: send it as a Bearer token, or as the password of HTTP Basic.",
                         headers: [("WWW-Authenticate", "Basic realm=\"ibook\", charset=\"UTF-8\""),
                                   ("WWW-Authenticate", "Bearer realm=\"ibook\"")])
        }
        if !access.requiresToken, !storedTokens, !request.isFromLoopback {
            return .text(403, "Without an access token this library is served to this machine only.")
        }
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        if request.method == "POST" { return write(segments, request, rights: rights) }
        do {
            let answer: Answer? = try lock.withLock {
                if let page = try pageToDraw(segments, request) { return page }
                if let page = try route(segments, request) { return .ready(page) }
                return try WebReader(library: library).get(segments, request, rights: rights).map(Answer.ready)
            }
            switch answer {
            case .ready(let response)?: return response
            case .draw(let book, let page, let width)?: return try pageImage(of: book, page: page, width: width)
            case nil: return .text(404, "Nothing is at this address.")
            }
        } catch {
            return lock.withLock { failure(error, request) }
        }
    }

    /// A change of reading state: only for a client with the right to write, and only from this
    /// server's own pages (a browser says where a form was sent from; another site's is refused).
    private func write(_ segments: [String], _ request: HTTPRequest, rights: ClientRights) -> HTTPResponse {
        guard rights == .edit else {
            return .text(403, "This access token reads the library only; changing reading state needs the editor's token.")
        }
        guard Self.isSameOrigin(request) else {
            return .text(403, "A change of reading state is taken only from this server's own pages.")
        }
        do {
            return try lock.withLock { try WebReader(library: library).post(segments, request) }
                ?? .text(405, "This address is only read: GET and HEAD.", headers: [("Allow", "GET, HEAD")])
        } catch {
            return lock.withLock { failure(error, request) }
        }
    }

    /// The browser's word first (Sec-Fetch-Site), else the Origin it sent, which must be this
    /// server's; a client that sends neither (curl, an app) is no browser led by another site.
    static func isSameOrigin(_ request: HTTPRequest) -> Bool {
        if let site = request.header("Sec-Fetch-Site") { return site == "same-origin" || site == "none" }
        guard let origin = request.header("Origin") else { return true }
        guard let host = request.header("Host") else { return false }
        return origin == "http://" + host || origin == "https://" + host
    }

    /// `/books/ID/pages/N?width=W`, N counted from 0 as OPDS-PSE's {pageNumber} is.
    private func pageToDraw(_ segments: [String], _ request: HTTPRequest) throws -> Answer? {
        guard segments.count == 4, segments[0] == "books", segments[2] == "pages" else { return nil }
        guard let id = Self.number(segments[1]), let index = Self.number(segments[3]),
              let book = try library.book(id: id), index < book.pageCount else {
            return .ready(.text(404, "Nothing is at this address."))
        }
        let width = request.argument("width").flatMap(Self.number).map { min(max($0, 16), Self.widest) } ?? Self.pageWidth
        if index == 0 { return .ready(try pageImage(of: book, page: 1, width: width)) }
        return .draw(book, page: index + 1, width: width)
    }

    private func route(_ segments: [String], _ request: HTTPRequest) throws -> HTTPResponse? {
        let catalog = OPDSCatalog(library: library)
        let page = request.argument("page").flatMap { $0.count <= 9 ? Int($0) : nil } ?? 1
        switch segments {
        case [""]:
            return WebPage.response(HTMLShelf.page(try library.catalog(sort: .title), page: page))
        case ["shelf.css"]:
            return HTTPResponse(status: 200, contentType: "text/css; charset=utf-8", body: .bytes(Array(HTMLShelf.css.utf8)),
                                headers: [("Cache-Control", "max-age=3600")])
        case ["opds"], ["opds", ""]: return feed(try catalog.root())
        case ["opds", "recent"]: return feed(try catalog.recent(page: page))
        case ["opds", "books"]: return feed(try catalog.allBooks(page: page))
        case ["opds", "authors"]: return feed(try catalog.authors())
        case ["opds", "tags"]: return feed(try catalog.tags())
        case ["opds", "collections"]: return feed(try catalog.collections())
        case ["opds", "author"]:
            guard let name = request.argument("name"), !name.isEmpty else { return missing("name") }
            return feed(try catalog.author(name, page: page))
        case ["opds", "tag"]:
            guard let name = request.argument("name"), !name.isEmpty else { return missing("name") }
            return feed(try catalog.tag(name, page: page))
        case ["opds", "collection"]:
            guard let id = request.argument("id").flatMap(Self.number) else { return missing("id") }
            return try catalog.collection(id: id, page: page).map(feed)
        case ["opds", "saved"]: return feed(try catalog.savedSearches())
        case ["opds", "saved-search"]:
            guard let name = request.argument("name"), !name.isEmpty else { return missing("name") }
            return try catalog.savedSearch(name, page: page).map(feed)
        case ["opds", "opensearch.xml"]:
            return HTTPResponse(status: 200, contentType: OPDSCatalog.openSearchType,
                                body: .bytes(Array(OPDSCatalog.openSearchDescription().utf8)), headers: [("Cache-Control", "no-store")])
        case ["opds", "search"]:
            guard let query = request.argument("q")?.trimmingCharacters(in: .whitespaces), !query.isEmpty else { return missing("q") }
            return feed(try catalog.search(query, page: page))
        case let path where path.count == 3 && path[0] == "books":
            guard let id = Self.number(path[1]), let book = try library.book(id: id) else { return nil }
            switch path[2] {
            case "file": return try file(of: book, range: request.header("Range"))
            case "cover": return try image(of: book, page: 1, size: Self.coverSize)
            case "thumbnail": return try image(of: book, page: 1, size: Self.thumbnailSize)
            default: return nil
            }
        default:
            return nil
        }
    }

    /// A book's file, whole or the one range asked for. Its path is the library's, never the URL's.
    private func file(of book: Book, range: String?) throws -> HTTPResponse {
        guard let file = OpenFile(path: book.path) else {
            return .text(404, "The file of book \(book.id) is no longer where the library has it ('ibook check' on the server finds such books).")
        }
        let type = BookMediaType.of(book.format)
        var headers: [(name: String, value: String)] = [
            ("Accept-Ranges", "bytes"),
            ("Content-Disposition", ContentDisposition.attachment(filename: PathName.lastComponent(of: book.path))),
            ("Cache-Control", "no-store"),
        ]
        switch ByteRange(header: range, length: file.size) {
        case .whole:
            return HTTPResponse(status: 200, contentType: type, body: .file(file, offset: 0, length: file.size), headers: headers)
        case .part(let offset, let length):
            headers.append(("Content-Range", "bytes \(offset)-\(offset + length - 1)/\(file.size)"))
            return HTTPResponse(status: 206, contentType: type, body: .file(file, offset: offset, length: length), headers: headers)
        case .unsatisfiable:
            return .text(416, "The range asked for is beyond the file's \(file.size) bytes.",
                         headers: [("Content-Range", "bytes */\(file.size)")])
        }
    }

    /// A page drawn as PNG, from the thumbnail cache (drawn into it on first request).
    private func image(of book: Book, page: Int, size: Int) throws -> HTTPResponse {
        let path: String
        do {
            path = try drawing.run(book, page: page, size: size) { try library.thumbnail(of: book, page: page, size: size) }
        } catch LibraryError.fileMissing {
            return .text(404, "The file of book \(book.id) is no longer where the library has it, and its image was never drawn.")
        }
        guard let file = OpenFile(path: path) else { return .text(404, "The image of book \(book.id) could not be read.") }
        return HTTPResponse(status: 200, contentType: "image/png", body: .file(file, offset: 0, length: file.size),
                            headers: [("Cache-Control", "private, max-age=3600")])
    }

    /// A page at `width` pixels across (or less, for a page wider than the cache draws). The cache
    /// draws to a longer side, the height for a portrait page: the height that makes the page
    /// `width` wide comes from the page's proportions, read from the book without drawing it. The
    /// first page of a book that is not a PDF may be its cover picture, whose proportions only a drawing tells: it is
    /// drawn once at `width` to learn them. Pages but the first are drawn outside the library's
    /// lock: for them the thumbnail cache asks the library nothing (for the first, it may fetch a
    /// shared library's cover from the database).
    private func pageImage(of book: Book, page: Int, width: Int) throws -> HTTPResponse {
        guard page == 1, book.format != .pdf else {
            let size: Int
            do {
                size = try drawing.size(of: book, page: page, width: width) { try library.thumbnailSize(of: book, page: page, width: width) }
            } catch LibraryError.fileMissing {
                // Never drawn at this width, or it would have been found in the cache by `image`.
                return try image(of: book, page: page, size: width)
            }
            return try image(of: book, page: page, size: size)
        }
        let first = try drawing.run(book, page: page, size: width) { try library.thumbnail(of: book, page: page, size: width) }
        guard let size = PNGSize(path: first), size.height > size.width else { return try image(of: book, page: page, size: width) }
        var longer = min(Self.widest, (width * size.height + size.width / 2) / max(1, size.width))
        // The first drawing's sides are rounded, so its proportions may miss by a pixel at this size:
        // measured again on the larger drawing, which is closer, and drawn once more if they did.
        let drawn = try drawing.run(book, page: page, size: longer) { try library.thumbnail(of: book, page: page, size: longer) }
        if let second = PNGSize(path: drawn), second.width != width, second.width > 0 {
            longer = min(Self.widest, (longer * width + second.width / 2) / second.width)
        }
        return try image(of: book, page: page, size: longer)
    }

    private func feed(_ feed: AtomFeed) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: feed.contentType, body: .bytes(Array(feed.xml().utf8)),
                     headers: [("Cache-Control", "no-store")])
    }

    private func missing(_ argument: String) -> HTTPResponse {
        .text(400, "This address needs its '\(argument)' argument.")
    }

    /// What the client is told; the whole of a failure of the server's own goes to `onFailure`, since
    /// it may name the server's files and folders, which are nobody's business on the network.
    private func failure(_ error: Error, _ request: HTTPRequest) -> HTTPResponse {
        // In the library's words: a read-only medium or a role's missing grant, not SQL's.
        switch library.describing(error) {
        case LibraryError.emptyQuery, LibraryError.queryTooLarge:
            return .text(400, "\(library.describing(error))")
        case LibraryError.pageOutOfRange, LibraryError.bookNotFound, LibraryError.bookmarkNotFound:
            return .text(404, "\(library.describing(error))")
        case LibraryError.readOnly:
            return .text(403, "The library is read-only on the server: nothing can be changed in it.")
        case LibraryError.sharedLibraryDenied:
            return .text(403, "The shared library's server does not let this server's role change that.")
        default:
            onFailure?("\(request.method) \(request.path): \(library.describing(error))")
            return .text(500, "The library could not answer this request; the server's log says why.")
        }
    }

    /// A decimal id as a person would write it: digits only, small enough to be an id.
    static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
