import BookLibrary
import FileNames
import LeanBasics

/// The details panel (`i`): what `ibook info` says of a book that a person
/// choosing one to read looks at, a line each; fields the book lacks are left out.
public enum ShelfDetails {
    public static func lines(_ info: BookInfo, item: ShelfItem?, notes: Int?) -> [String] {
        let book = info.book, details = info.details
        var fields: [(String, String?)] = [
            ("Title", book.title),
            ("Author", details.authors.map { $0.joined(separator: ", ") } ?? book.author),
            ("Format", book.format.displayName),
            ("Pages", "\(book.pageCount)" + (item?.lastPage.map { ", stopped on page \($0)" } ?? ", not read yet")),
            ("Year", details.year.map(String.init)),
            ("Publisher", details.publisher),
            ("Series", details.series.map { series in series + (details.seriesIndex.map { " #" + Self.number($0) } ?? "") }),
            ("ISBN", details.isbn),
            ("Rating", details.rating.map { String(repeating: "★", count: $0) + String(repeating: "☆", count: max(0, 5 - $0)) }),
            ("Subject", book.subject),
            ("Tags", info.tags.isEmpty ? nil : info.tags.joined(separator: ", ")),
            ("Collections", info.collections.isEmpty ? nil : info.collections.joined(separator: ", ")),
            ("Bookmarks", item.map { "\($0.bookmarks)" }),
            ("Notes", notes.map { "\($0) highlights and notes" }),
            ("Contents", info.outlineEntries == 0 ? "none" : "\(info.outlineEntries) entries"),
            ("File", FileName.displayed(book.path) + (info.fileExists ? "" : "  (missing)")),
        ]
        fields.removeAll { $0.1?.isEmpty ?? true }
        let width = fields.map { $0.0.count }.max() ?? 0
        return fields.map { name, value in
            name + String(repeating: " ", count: width - name.count) + "  " + (value ?? "")
        } + ["", "Any key closes the details."]
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
