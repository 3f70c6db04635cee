import Foundation

/// Reads page selections such as "2-10,15", "iv-x,3" or "30-" into 1-based
/// page numbers. A plain number always means the physical page (as elsewhere
/// in ibook); anything else is looked up among the page labels, which may
/// themselves contain dashes ("A-3").
public struct PageRangeParser {
    public let pageCount: Int
    private let labelsProvider: () -> [String?]
    private var cachedLabels: [String?]?

    /// `labels` is only asked for when the range names a page by label, since
    /// reading every label of a long document is not free.
    public init(pageCount: Int, labels: @escaping () -> [String?] = { [] }) {
        self.pageCount = pageCount
        labelsProvider = labels
    }

    public mutating func parse(_ text: String) throws -> [Int] {
        let tokens = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard !tokens.isEmpty, !tokens.contains(where: \.isEmpty) else { throw PageRangeError.badPageRange(text) }
        var pages = Set<Int>()
        for token in tokens {
            pages.formUnion(try resolve(token, in: text))
        }
        guard !pages.isEmpty else { throw PageRangeError.noPagesSelected }
        return pages.sorted()
    }

    private mutating func resolve(_ token: String, in text: String) throws -> ClosedRange<Int> {
        if let numeric = try numericRange(token, in: text) { return numeric }
        if let page = try single(token, strict: false) { return page...page }
        // Try every dash as the separator, so labels with dashes still work.
        var firstError: Error?
        for index in token.indices where token[index] == "-" {
            let left = String(token[..<index]).trimmingCharacters(in: .whitespaces)
            let right = String(token[token.index(after: index)...]).trimmingCharacters(in: .whitespaces)
            do {
                guard let start = left.isEmpty ? 1 : try single(left, strict: true),
                      let end = right.isEmpty ? pageCount : try single(right, strict: true)
                else { continue }
                guard start <= end else { throw PageRangeError.badPageRange(text) }
                return start...end
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        if let firstError { throw firstError }
        throw isLabelLike(token) ? PageRangeError.unknownPageLabel(token) : PageRangeError.badPageRange(text)
    }

    /// "3-7", "-7", "12-": plain numbers need no labels, which keeps long
    /// documents from being read page by page.
    private func numericRange(_ token: String, in text: String) throws -> ClosedRange<Int>? {
        let parts = token.split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !(parts[0].isEmpty && parts[1].isEmpty),
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let start = parts[0].isEmpty ? 1 : Int(parts[0]) ?? 0
        let end = parts[1].isEmpty ? pageCount : Int(parts[1]) ?? 0
        for page in [start, end] where !(1...max(1, pageCount)).contains(page) || pageCount == 0 {
            throw PageRangeError.pageOutOfRange(page, count: pageCount)
        }
        guard start <= end else { throw PageRangeError.badPageRange(text) }
        return start...end
    }

    /// One page by number or label. Non-strict lookups return nil for text
    /// that is neither, so the caller can try it as a range.
    private mutating func single(_ text: String, strict: Bool) throws -> Int? {
        if text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text) {
            guard (1...max(1, pageCount)).contains(number), pageCount > 0 else {
                throw PageRangeError.pageOutOfRange(number, count: pageCount)
            }
            return number
        }
        if let page = page(labelled: text) { return page }
        if strict { throw isLabelLike(text) ? PageRangeError.unknownPageLabel(text) : PageRangeError.badPageRange(text) }
        return nil
    }

    private mutating func page(labelled label: String) -> Int? {
        guard !label.isEmpty else { return nil }
        if cachedLabels == nil { cachedLabels = labelsProvider() }
        let labels = cachedLabels ?? []
        if let exact = labels.firstIndex(where: { $0 == label }) { return exact + 1 }
        if let folded = labels.firstIndex(where: { $0?.caseInsensitiveCompare(label) == .orderedSame }) { return folded + 1 }
        return nil
    }

    private func isLabelLike(_ text: String) -> Bool {
        !text.isEmpty && !text.contains("-") && text.rangeOfCharacter(from: .alphanumerics) != nil
    }
}
