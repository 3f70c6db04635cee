/// Failures of annotation operations, worded for the person at the terminal.
public enum AnnotationError: Error, Equatable, CustomStringConvertible {
    case notFound(Int)
    case passageNotFound(String, page: Int?)
    /// Several places match; `candidates` describes the first of them, in order.
    case ambiguousPassage(String, count: Int, candidates: [String])
    case occurrenceOutOfRange(Int, count: Int)

    public var description: String {
        switch self {
        case .notFound(let id): return "no annotation #\(id)"
        case .passageNotFound(let passage, let page?): return "'\(passage)' is not on page \(page)"
        case .passageNotFound(let passage, nil): return "'\(passage)' is not in the book"
        case .ambiguousPassage(let passage, let count, let candidates):
            let more = count > candidates.count ? "\n  … and \(count - candidates.count) more" : ""
            return "'\(passage)' occurs \(count) times:\n" + Self.numbered(candidates) + more
        case .occurrenceOutOfRange(let wanted, let count):
            return "occurrence \(wanted) is out of range: the passage occurs \(count) time\(count == 1 ? "" : "s")"
        }
    }

    /// The places a passage was found, one a line, numbered as the occurrences are counted.
    public static func numbered(_ candidates: [String]) -> String {
        candidates.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
    }
}
