import FileNames

/// Why a page of a book's PDF could not be made into an image, worded as the
/// PDF module words the same conditions, and naming the file.
public struct PageImageError: Error, Equatable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case unreadable(String)
        case empty
        case passwordRequired
        case wrongPassword
        case damaged(String)
        case renderFailed(String)
        /// libibook-pages.so, which renders pages, is missing or cannot be loaded.
        case rendererMissing(String)
    }

    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .rendererMissing(let problem): return "pages cannot be rendered: \(problem)"
        default: return "\(FileName.displayed(path)): \(Self.describe(reason))"
        }
    }

    static func describe(_ reason: Reason) -> String {
        switch reason {
        case .unreadable(let why): return "cannot be read (\(why))"
        case .empty: return "is empty (0 bytes)"
        case .passwordRequired: return "needs a password"
        case .wrongPassword: return "wrong password"
        case .damaged(let why): return "is damaged (\(why))"
        case .renderFailed(let why): return "could not be rendered (\(why))"
        case .rendererMissing(let why): return why
        }
    }
}
