import Foundation

/// Why a PDF could not be opened or read, in words a person can act on.
public enum PDFError: Error, Equatable, CustomStringConvertible, Sendable {
    case missing
    case isDirectory
    case unreadable(String)
    case empty
    case notAPDF(String)
    case passwordRequired
    case wrongPassword
    case damaged(String)
    case noPages
    case pageOutOfRange(Int, count: Int)
    case renderFailed(String)

    public var description: String {
        switch self {
        case .missing: return "no such file"
        case .isDirectory: return "is a directory"
        case .unreadable(let reason): return "cannot be read (\(reason))"
        case .empty: return "is empty (0 bytes)"
        case .notAPDF(let what): return "is not a PDF (\(what))"
        case .passwordRequired: return "needs a password"
        case .wrongPassword: return "wrong password"
        case .damaged(let reason): return "is damaged (\(reason))"
        case .noPages: return "is damaged (no readable pages)"
        case .pageOutOfRange(let page, let count): return "page \(page) is out of range (1-\(count))"
        case .renderFailed(let reason): return "could not be rendered (\(reason))"
        }
    }
}
