import BookLibrary
import FoundationEssentials
import Glibc

/// A book's highlights and notes by chapter, as text for the terminal or as
/// Markdown to keep.
package enum NotesPrinter {
    package static func text(_ notes: BookNotes, width: Int?) -> String {
        var lines = ["\(notes.bookTitle) — \(count(notes.annotationCount))"]
        for chapter in notes.chapters {
            lines.append("")
            lines.append(chapter.title.map { title in "\(title)\(chapter.page.map { "  p. \($0)\(Formatting.labelSuffix(chapter.label, page: $0))" } ?? "")" }
                         ?? "(before the first chapter)")
            for annotation in chapter.annotations {
                var line = "  #\(annotation.id)  p. \(annotation.page)\(Formatting.labelSuffix(annotation.label, page: annotation.page))  \(annotation.kind)"
                if let text = annotation.text { line += "  “\(text)”" }
                lines.append(line)
                if let note = annotation.note {
                    let indented = note.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\n      ")
                    lines.append("      " + (annotation.author.map { "\($0): " } ?? "") + indented)
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    package static func markdown(_ notes: BookNotes) -> String {
        var lines = ["# \(escape(notes.bookTitle))", "", "*\(escape(notes.author))* — \(count(notes.annotationCount))"]
        // Headings nest as the outline does; a part is headed once for all its chapters.
        var headed: [String] = []
        for chapter in notes.chapters {
            let path = chapter.parents + [chapter.title ?? "Before the first chapter"]
            var shared = 0
            while shared < min(path.count, headed.count), path[shared] == headed[shared] { shared += 1 }
            if shared == path.count { shared -= 1 }
            for level in shared..<path.count {
                lines.append("")
                lines.append(String(repeating: "#", count: min(6, 2 + level)) + " " + escape(path[level]))
            }
            headed = path
            for annotation in chapter.annotations {
                lines.append("")
                if let text = annotation.text {
                    lines.append("> " + escape(text))
                    lines.append("")
                }
                if let note = annotation.note {
                    lines.append(note.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { escape(String($0)) }.joined(separator: "  \n"))
                    lines.append("")
                }
                var meta = "\(annotation.kind), p. \(annotation.page)\(Formatting.labelSuffix(annotation.label, page: annotation.page))"
                if let author = annotation.author { meta += ", \(escape(author))" }
                lines.append("*\(meta)* <!-- ibook #\(annotation.id) -->")
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func count(_ number: Int) -> String {
        "\(number) highlight\(number == 1 ? "" : "s") and note\(number == 1 ? "" : "s")"
    }

    /// Text from a PDF can hold characters Markdown would read as markup.
    private static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\`*_[]<>#|".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
