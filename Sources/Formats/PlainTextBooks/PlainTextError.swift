/// Why a file could not be read as a plain-text book, in words a person can act on.
public enum PlainTextError: Error, CustomStringConvertible, Equatable, Sendable {
    case missing
    case isDirectory
    case empty
    /// Binary content, named: "PNG image", "NUL bytes".
    case notText(String)
    /// The file's size in bytes, over `PlainTextBook.maximumBytes`.
    case tooLarge(Int)
    case undecodable(String)
    /// The file is there but open(2) or read(2) refused it (permissions, I/O error).
    case unreadable(String)

    public var description: String {
        switch self {
        case .missing: return "no such file"
        case .isDirectory: return "is a directory"
        case .empty: return "is empty (no text)"
        case .notText(let what): return "is not text (\(what))"
        case .tooLarge(let bytes):
            return "is too large for a plain-text book (\(bytes) bytes; at most \(PlainTextBook.maximumBytes))"
        case .undecodable(let reason): return "cannot be decoded (\(reason))"
        case .unreadable(let reason): return "cannot be read (\(reason))"
        }
    }
}
