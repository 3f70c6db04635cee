import FoundationEssentials
import LeanBasics

/// An author field as producers write it, made into the list a person would
/// write: LaTeX and groff leave separators of their own (`Deri James, and,
/// Peter Schaffter,`), names twice (`Rosemary Winspeare,Rosemary
/// Winspeare,Joe Chang`), and e-mail addresses beside or glued to a name
/// (`Live Systems Project <debian-live@…>`, `Lucas Nussbaumpackaging-tutorial@…`).
public enum AuthorList {
    /// The names, joined by ", "; nil when nothing of a name is left.
    /// `pageAuthors` (the names the first page sets under its title) mend a
    /// name an address was glued to.
    public static func cleaned(_ field: String, pageAuthors: [String] = []) -> String? {
        var text = field
        // An address glued to a name ("Nussbaumpackaging-tutorial@…"): the
        // first page's byline says where the name ends.
        if text.contains("@"), let byline = pageAuthors.first(where: { !$0.isEmpty && text.hasPrefix($0) && text.count > $0.count }) {
            text = byline
        }
        var names: [String] = []
        for part in text.split(whereSeparator: { ",;".contains($0) }).map(String.init) {
            let name = withoutAddresses(part).trimmingWhitespaceAndNewlines()
            let lower = name.lowercased()
            if name.isEmpty || lower == "and" || lower == "&" || lower == "et" || lower == "und" { continue }
            var bare = name
            for joiner in ["and ", "& "] where lower.hasPrefix(joiner) { bare = String(name.dropFirst(joiner.count)) }
            if !names.contains(bare) { names.append(bare) }
        }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }

    /// The part without `<…>`, and without a word that is an e-mail address.
    private static func withoutAddresses(_ part: String) -> String {
        var text = ""
        var depth = 0
        for character in part {
            if character == "<" { depth += 1; continue }
            if character == ">" { depth = max(0, depth - 1); continue }
            if depth == 0 { text.append(character) }
        }
        return text.split(separator: " ").filter { !$0.contains("@") }.joined(separator: " ")
    }
}
