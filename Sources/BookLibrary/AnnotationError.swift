/// Failures of annotation operations, worded for the person at the terminal.
public enum AnnotationError: Error, Equatable, CustomStringConvertible {
    case notFound(Int)
    case passageNotFound(String, page: Int?)
    /// Several places match; `candidates` describes the first of them, in order.
    case ambiguousPassage(String, count: Int, candidates: [String])
    case occurrenceOutOfRange(Int, count: Int)

    public var description: String {
        switch self {
        case .notFound(let id): return "no annotation #\(id) (see 'ibook notes --json' for ids)"
        case .passageNotFound(let passage, let page?): return "'\(passage)' is not on page \(page)"
        case .passageNotFound(let passage, nil): return "'\(passage)' is not in the book"
        case .ambiguousPassage(let passage, let count, let candidates):
            let more = count > candidates.count ? "\n  … and \(count - candidates.count) more" : ""
            return "'\(passage)' occurs \(count) times; choose one with --occurrence N:\n"
                + candidates.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n") + more
        case .occurrenceOutOfRange(let wanted, let count):
            return "--occurrence \(wanted) is out of range: the passage occurs \(count) time\(count == 1 ? "" : "s")"
        }
    }
}
