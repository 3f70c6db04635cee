import FileNames
import FoundationEssentials
import Glibc
import LeanBasics

/// Failures of library operations, worded for the person at the terminal.
public enum LibraryError: Error, Equatable, CustomStringConvertible {
    case noOpenBook
    /// An operation that works on a local library only, asked of a shared one.
    case notOnSharedLibrary(String)
    /// A PostgreSQL database without ibook's schema.
    case notASharedLibrary(String)
    /// The shared library's schema is older than this ibook's.
    case sharedLibraryNeedsUpgrade(String, pendingMigrations: [String])
    /// The server refused a write for the person's role (a reader adding books).
    case sharedLibraryDenied(String)
    case bookNotFound(String)
    case ambiguousBook(String, candidates: [String])
    case emptyLibrary
    case notALibrary(String, reason: String)
    case newerLibrary(String, unknownMigrations: [String])
    case pageOutOfRange(Int, pageCount: Int)
    case unknownPageLabel(String)
    case noPreviousPage
    case noNextPage
    case bookmarkNotFound(page: Int)
    case emptyQuery
    /// A search larger than `QueryLimits` allows, with the bound it passed.
    case queryTooLarge(String)
    case fileMissing(String)
    case hashMismatch(String)
    /// A book's content hash in the library that is not a SHA-256 digest.
    case invalidContentHash(String)
    case invalidArgument(String)
    case readOnly(String)
    case noSpace(String)
    case damagedDatabase(reason: String)
    case busy
    case damagedPageText(book: String, page: Int, reason: String)
    case readOnlyNeedsUpgrade(String, pendingMigrations: [String])
    /// What was asked works on PDFs only (yet): the file, and what it is instead.
    case needsPDF(String, format: BookFormat)

    public var description: String {
        switch self {
        case .notOnSharedLibrary(let what): return "\(what) does not work on a shared library yet"
        case .needsPDF(let path, let format): return "\(path) is \(format.withArticle), and this works on PDFs only yet"
        case .notASharedLibrary(let url):
            return "\(url): not an ibook shared library (no ibook schema); create it with 'ibook server init \(url)'"
        case .sharedLibraryNeedsUpgrade(let url, let ids):
            return "\(url): the shared library's schema is older than this ibook (missing \(ids.joined(separator: ", "))); upgrade it with 'ibook server init \(url)'"
        case .sharedLibraryDenied(let message):
            return "your PostgreSQL role may not do this on the shared library (readers read and keep their own bookmarks and history; editors also add, edit, tag and remove books; the database's owner grants either with 'ibook server grant'): \(message)"
        case .noOpenBook:
            return "no open book"
        case .bookNotFound(let name): return "no book matches '\(name)' (see 'ibook list')"
        case .ambiguousBook(let name, let candidates):
            return "'\(name)' matches \(candidates.count) books: " + candidates.joined(separator: "; ")
        case .emptyLibrary: return "the library is empty: add a PDF with 'ibook add FILE'"
        case .notALibrary(let path, let reason): return "\(path): not an ibook library (\(reason)); left untouched"
        case .newerLibrary(let path, let ids):
            return "\(path): made by a newer version of ibook (unknown schema \(ids.joined(separator: ", "))); left untouched"
        case .pageOutOfRange(let page, let count):
            return "page \(page) is out of range: the book has \(count) page\(count == 1 ? "" : "s")"
        case .unknownPageLabel(let label): return "no page is labelled '\(label)'"
        case .noPreviousPage: return "already at the first page"
        case .noNextPage: return "already at the last page"
        case .bookmarkNotFound(let page): return "no bookmark on page \(page)"
        case .emptyQuery: return "the search text has no words to look for"
        case .queryTooLarge(let reason): return reason
        case .fileMissing(let path): return "\(FileName.displayed(path)): no such file"
        case .hashMismatch(let path): return "\(FileName.displayed(path)): content differs from the book in the library (hash mismatch)"
        case .invalidContentHash(let hash):
            return "the library holds a book whose content hash is not a SHA-256 digest (\(TerminalText.escaped(String(hash.prefix(80)))))"
        case .invalidArgument(let message): return message
        case .readOnly(let path): return "the library at \(path) is read-only"
        case .noSpace(let path): return "the library at \(path): no space left on device"
        case .damagedDatabase(let reason): return "the library database is damaged (\(reason)); it was left untouched"
        case .busy: return "the library is busy in another ibook process; try again"
        case .damagedPageText(let book, let page, let reason):
            return "page \(page) of \(book): the stored text cannot be decoded (\(reason)); remove the book and add it again"
        case .readOnlyNeedsUpgrade(let path, let ids):
            return "the library at \(path) is read-only and was made by an older ibook: it needs "
                + "\(ids.joined(separator: ", ")), which cannot be written; open it once where it can be written"
        }
    }
}
