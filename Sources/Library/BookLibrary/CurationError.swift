/// Failures of editing, tagging, collections and queries, worded for the person at the terminal.
public enum CurationError: Error, Equatable, CustomStringConvertible {
    case invalidValue(String, String)
    /// A value given for a book's detail that cannot be stored in it.
    case invalidField(BookDetails.Field, reason: String)
    case nothingToEdit
    case invalidTag(String, reason: String)
    case tagNotFound(String)
    case collectionNotFound(String)
    case collectionExists(String)
    case invalidCollectionName(String)
    case savedSearchNotFound(String)
    case invalidSavedSearchName(String)
    case savedSearchWithoutQuery
    case invalidQuery(term: String, reason: String)

    public var description: String {
        switch self {
        case .invalidValue(let option, let reason): return "\(option): \(reason)"
        case .invalidField(let field, let reason): return "\(field.rawValue): \(reason)"
        case .nothingToEdit: return "nothing to change: no detail was given"
        case .invalidTag(let tag, let reason): return "'\(tag)' is not a tag: \(reason)"
        case .tagNotFound(let tag): return "no book is tagged '\(tag)' (see 'ibook tags')"
        case .collectionNotFound(let name): return "no collection named '\(name)' (see 'ibook collection list')"
        case .collectionExists(let name): return "a collection named '\(name)' already exists"
        case .invalidCollectionName(let name): return "'\(name)' cannot name a collection: give a name with letters or digits"
        case .savedSearchNotFound(let name): return "no saved search named '\(name)'"
        case .invalidSavedSearchName(let name): return "'\(name)' cannot name a saved search: one word without ':'"
        case .savedSearchWithoutQuery: return "a saved search needs a query"
        case .invalidQuery(let term, let reason): return "bad query term '\(term)': \(reason)"
        }
    }
}
