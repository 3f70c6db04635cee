/// Why a page selection could not be read. Short and lowercase, so callers
/// can put the file or the command before them.
public enum PageRangeError: Error, Equatable, CustomStringConvertible, Sendable {
    case badPageRange(String)
    case unknownPageLabel(String)
    case pageOutOfRange(Int, count: Int)
    case noPagesSelected

    public var description: String {
        switch self {
        case .badPageRange(let text): return "cannot read page range '\(text)' (try \"2-10,15\" or page labels such as \"iv-x\")"
        case .unknownPageLabel(let label): return "no page is labelled '\(label)'"
        case .pageOutOfRange(let page, let count): return "page \(page) is out of range (1-\(count))"
        case .noPagesSelected: return "the page range selects no pages"
        }
    }
}
