import BookLibrary

/// What `search --notes` found: one line per hit, or one JSON object per line.
package enum NoteHitsPrinter {
    private static func isOneBook(_ scope: SearchScope) -> Bool {
        if case .book = scope { return true }
        return false
    }

    package static func print(_ hits: [NoteHit], scope: SearchScope, limit: Int?, json: Bool, context: CommandContext) throws {
        let out = context.stdout
        let shown = limit.map { Array(hits.prefix($0)) } ?? hits
        var buffer = ""
        var currentBook: Int?
        for hit in shown {
            let annotation = hit.annotation
            if json {
                buffer += try JSONOutput.encode(hit) + "\n"
                continue
            }
            if !isOneBook(scope), currentBook != annotation.bookID {
                buffer += (currentBook == nil ? "" : "\n") + out.style("#\(annotation.bookID) \(annotation.bookTitle)", .magenta, bold: true) + "\n"
            }
            currentBook = annotation.bookID
            let label = Formatting.labelSuffix(annotation.label, page: annotation.page)
            let match = out.usesColor ? out.style(hit.match, .red, bold: true) : "[\(hit.match)]"
            let place = "p. \(annotation.page)\(label) \(annotation.kind) #\(annotation.id)\(hit.field == .note ? " note" : ""):"
            buffer += out.style(place, .green) + " " + hit.before + match + hit.after + "\n"
        }
        out.write(buffer)
        let annotations = Set(shown.map(\.annotation.id)).count
        var line = "\(shown.count) match\(shown.count == 1 ? "" : "es") in \(annotations) highlight\(annotations == 1 ? "" : "s") and note\(annotations == 1 ? "" : "s")"
        if shown.count < hits.count { line += " (stopped at --limit \(limit ?? 0))" }
        context.stderr.write(line + "\n")
    }
}
