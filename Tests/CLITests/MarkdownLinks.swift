import Foundation

/// The headings and links of a Markdown file, read as GitHub reads them, so
/// that a test can tell which relative links and anchors lead nowhere.
struct MarkdownLinks {
    struct Link: Equatable {
        var line: Int
        var target: String
    }

    /// The anchors GitHub gives the file's headings.
    let anchors: Set<String>
    /// Every link and image outside code, with its 1-based line.
    let links: [Link]

    init(_ text: String) {
        var anchors: Set<String> = []
        var seen: [String: Int] = [:]
        var links: [Link] = []
        var fence: String?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            // A fence closes only with the characters that opened it (``` inside ~~~ is text).
            if let marker = ["```", "~~~"].first(where: { trimmed.hasPrefix($0) }) {
                if fence == nil { fence = marker } else if fence == marker { fence = nil }
                continue
            }
            guard fence == nil else { continue }
            let prose = Self.withoutCodeSpans(String(line))
            if let heading = Self.headingText(String(line)) {
                // A repeated heading gets -1, -2… as on GitHub.
                let anchor = Self.anchor(for: heading)
                let count = seen[anchor, default: 0]
                seen[anchor] = count + 1
                anchors.insert(count == 0 ? anchor : "\(anchor)-\(count)")
            }
            links += Self.targets(in: prose).map { Link(line: index + 1, target: $0) }
        }
        self.anchors = anchors
        self.links = links
    }

    /// GitHub's slug: the heading's text lower-cased, every character but
    /// letters, marks, numbers, `_`, `-` and spaces dropped, spaces made `-`.
    static func anchor(for heading: String) -> String {
        var slug = ""
        for scalar in heading.lowercased().unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
                 .connectorPunctuation:
                slug.unicodeScalars.append(scalar)
            default:
                if scalar == "-" { slug.append("-") } else if scalar == " " { slug.append("-") }
            }
        }
        return slug
    }

    /// An ATX heading's text as rendered: code spans and links reduced to their text.
    private static func headingText(_ line: String) -> String? {
        guard let match = line.range(of: "^ {0,3}#{1,6}( +|$)", options: .regularExpression) else { return nil }
        var text = String(line[match.upperBound...])
        text = text.replacingOccurrences(of: " +#+ *$", with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: "!?\\[([^\\]]*)\\]\\([^)]*\\)", with: "$1", options: .regularExpression)
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// The line with its code spans blanked: `[a](b)` in code is not a link.
    private static func withoutCodeSpans(_ line: String) -> String {
        line.replacingOccurrences(of: "(`+)(?:(?!\\1).)+?\\1", with: "", options: .regularExpression)
    }

    /// The targets of inline links and images (`[text](target "title")`); an escaped `\]` is text.
    private static func targets(in prose: String) -> [String] {
        let expression = try! NSRegularExpression(pattern: #"(?<!\\)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)"#)
        let range = NSRange(prose.startIndex..., in: prose)
        return expression.matches(in: prose, range: range).compactMap { match in
            Range(match.range(at: 1), in: prose).map { String(prose[$0]) }
        }
    }
}
