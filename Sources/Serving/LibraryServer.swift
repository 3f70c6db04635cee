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
    private let token: AccessToken?

    /// Longer paths are refused before anything is looked up.
    static let longestPath = 2048
    static let coverSize = Library.coverSize
    static let thumbnailSize = 128
    /// A page's width when the app does not say (OPDS-PSE's {maxWidth} left as it is).
    static let pageWidth = 1200
    static let widest = 4096

    public init(library: Library, token: AccessToken?) {
        self.library = library
        self.token = token
    }

    public func respond(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return .text(405, "Only GET and HEAD are answered here.", headers: [("Allow", "GET, HEAD")])
        }
        guard request.path.utf8.count <= Self.longestPath else { return .text(414, "The address is too long.") }
        if let token {
            guard token.admits(authorization: request.header("Authorization")) else {
                return .text(401, "An access token is needed: send it as a Bearer token, or as the password of HTTP Basic.",
                             headers: [("WWW-Authenticate", "Basic realm=\"ibook\", charset=\"UTF-8\""),
                                       ("WWW-Authenticate", "Bearer realm=\"ibook\"")])
            }
        } else if !request.isFromLoopback {
            return .text(403, "Without an access token this library is served to this machine only.")
        }
        let segments = request.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        do {
            lock.lock()
            defer { lock.unlock() }
            return try route(segments, request) ?? .text(404, "Nothing is at this address.")
        } catch {
            return failure(error)
        }
    }

    private func route(_ segments: [String], _ request: HTTPRequest) throws -> HTTPResponse? {
        let catalog = OPDSCatalog(library: library)
        let page = request.argument("page").flatMap { $0.count <= 9 ? Int($0) : nil } ?? 1
        switch segments {
        case [""]:
            return HTTPResponse(status: 200, contentType: "text/html; charset=utf-8",
                                body: .bytes(Array(HTMLShelf.page(try library.catalog(sort: .title), page: page).utf8)),
                                headers: [("Content-Security-Policy", HTMLShelf.contentSecurityPolicy), ("Cache-Control", "no-store"),
                                          ("Referrer-Policy", "no-referrer")])
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
        case ["opds", "opensearch.xml"]:
            return HTTPResponse(status: 200, contentType: OPDSCatalog.openSearchType,
                                body: .bytes(Array(OPDSCatalog.openSearchDescription().utf8)), headers: [("Cache-Control", "no-store")])
        case ["opds", "search"]:
            guard let query = request.argument("q")?.trimmingCharacters(in: .whitespaces), !query.isEmpty else { return missing("q") }
            return feed(try catalog.search(query, page: page))
        case let path where path.count == 4 && path[0] == "books" && path[2] == "pages":
            // OPDS-PSE counts pages from 0.
            guard let id = Self.number(path[1]), let index = Self.number(path[3]),
                  let book = try library.book(id: id), index < book.pageCount else { return nil }
            let width = request.argument("width").flatMap(Self.number).map { min(max($0, 16), Self.widest) } ?? Self.pageWidth
            return try pageImage(of: book, page: index + 1, width: width)
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
            path = try library.thumbnail(of: book, page: page, size: size)
        } catch LibraryError.fileMissing {
            return .text(404, "The file of book \(book.id) is no longer where the library has it, and its image was never drawn.")
        }
        guard let file = OpenFile(path: path) else { return .text(404, "The image of book \(book.id) could not be read.") }
        return HTTPResponse(status: 200, contentType: "image/png", body: .file(file, offset: 0, length: file.size),
                            headers: [("Cache-Control", "private, max-age=3600")])
    }

    /// A page at `width` pixels across (or less, for a page wider than the cache draws): the
    /// cache draws to a longer side, which for a portrait page is its height, so such a page is
    /// drawn again at the height that makes it `width` wide.
    private func pageImage(of book: Book, page: Int, width: Int) throws -> HTTPResponse {
        let first = try library.thumbnail(of: book, page: page, size: width)
        guard let size = PNGSize(path: first), size.height > size.width else { return try image(of: book, page: page, size: width) }
        let longer = min(Self.widest, (width * size.height + size.width / 2) / max(1, size.width))
        return try image(of: book, page: page, size: longer)
    }

    private func feed(_ feed: AtomFeed) -> HTTPResponse {
        HTTPResponse(status: 200, contentType: feed.contentType, body: .bytes(Array(feed.xml().utf8)),
                     headers: [("Cache-Control", "no-store")])
    }

    private func missing(_ argument: String) -> HTTPResponse {
        .text(400, "This address needs its '\(argument)' argument.")
    }

    private func failure(_ error: Error) -> HTTPResponse {
        switch error {
        case LibraryError.emptyQuery, LibraryError.queryTooLarge:
            return .text(400, "\(library.describing(error))")
        case LibraryError.pageOutOfRange, LibraryError.bookNotFound:
            return .text(404, "\(library.describing(error))")
        default:
            return .text(500, "\(library.describing(error))")
        }
    }

    /// A decimal id as a person would write it: digits only, small enough to be an id.
    static func number(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }
}
