import Arguments
import BookLibrary
import FoundationEssentials
import Glibc
import LeanBasics

package enum ListCommand: Command {
    enum Arguments {
        static let query = RepeatedArgument<String>("query", help: "Terms of the query (default: every book).", optional: true)
    }

    enum Options {
        static let sort = ChoiceOption<CatalogColumn>("--sort", value: "column", help: "Order by this column (default: id).")
        static let reverse = Flag("--reverse", help: "Reverse the order.")
        static let columns = ValueOption<String>("--columns", value: "list", help: "Columns to show, comma-separated (default: id,title,author,pages,added; tags when any).")
        static let tsv = Flag("--tsv", help: "Tab-separated values with a header line, nothing cut.")
        static let save = ValueOption<String>("--save", value: "name", help: "Save the query as NAME, usable as saved:NAME.")
        static let saved = Flag("--saved", help: "List the saved searches.")
        static let forget = ValueOption<String>("--forget", value: "name", help: "Delete the saved search NAME.")
    }

    package static let spec: CommandSpec = {
        var spec = CommandSpec(
            name: "list",
            abstract: "List the books in the library, or those a query selects.",
            discussion: """
                A query combines terms with AND; OR between terms, -term to exclude, parentheses and quotes group: \
                tag:physics author:feynman title:WORDS year:>1990 year:1990..2000 pages:<300 rating:>=4 \
                collection:"Reading list" has:bookmarks|history|outline|tags|labels|isbn|… read:yes|no \
                added:<30d added:>2024-01 language: publisher: series: isbn: doi: file: id: saved:NAME, and free words \
                matched against title and author. On a terminal the table fits its width; on a pipe nothing is cut.
                """,
            positionals: [Arguments.query.positional],
            options: [
                Options.sort.option,
                Options.reverse.option,
                Options.columns.option,
                Options.tsv.option,
                Options.save.option,
                Options.saved.option,
                Options.forget.option,
                CommonOptions.json.option,
            ])
        spec.takesDashedWords = true
        return spec
    }()

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let library = try context.library()
        if arguments[Options.saved] { return try listSaved(library, context, json: arguments[CommonOptions.json]) }
        if let name = arguments[Options.forget] {
            try library.deleteSavedSearch(name)
            context.stdout.write("Forgot saved search \(name)\n")
            return
        }
        let query = QueryText.join(arguments[Arguments.query])
        let sort = arguments[Options.sort] ?? .id
        // "added" alone has always meant newest first.
        let legacyDescending = sort == .added || sort == .pages
        let columns = try ListColumns.parse(arguments[Options.columns])
        let entries = try QueryFailure.reported(context) {
            if let name = arguments[Options.save] {
                try library.saveSearch(name, query: query)
                context.stderr.write("Saved as saved:\(name)\n")
            }
            return try library.catalog(query: query, sort: sort, descending: legacyDescending != arguments[Options.reverse])
        }
        if arguments[CommonOptions.json] {
            try context.printJSON(entries)
            return
        }
        guard !entries.isEmpty else {
            if query.isEmpty {
                context.stderr.write("The library is empty: add a PDF with 'ibook add FILE'.\n")
            } else {
                context.stderr.write("No book matches \(query)\n")
            }
            return
        }
        let shown = columns ?? ListColumns.defaults(showingTags: entries.contains { !$0.tags.isEmpty })
        let table = ListColumns.table(entries, columns: shown)
        if arguments[Options.tsv] {
            context.stdout.write(table.tabSeparated() + "\n")
        } else {
            context.stdout.write(table.render(maxWidth: context.stdout.tableWidth, primary: shown.firstIndex(of: .title)) + "\n")
        }
    }

    private static func listSaved(_ library: Library, _ context: CommandContext, json: Bool) throws {
        let searches = try library.savedSearches()
        if json { return try context.printJSON(searches) }
        guard !searches.isEmpty else {
            context.stderr.write("No saved searches: save one with 'ibook list --save NAME QUERY'.\n")
            return
        }
        var table = TextTable(headers: ["NAME", "QUERY"])
        table.rows = searches.map { ["saved:" + $0.name, $0.query] }
        context.stdout.write(table.render(maxWidth: context.stdout.tableWidth, primary: 1) + "\n")
    }
}

/// The columns of `list`: which exist, how each value looks.
package enum ListColumns {
    package static func parse(_ text: String?) throws -> [CatalogColumn]? {
        guard let text else { return nil }
        let names = text.split(separator: ",").map { $0.trimmingWhitespace().lowercased() }
        guard !names.isEmpty else { throw UsageError("--columns needs at least one column") }
        return try names.map { name in
            guard let column = CatalogColumn(rawValue: name) else {
                throw UsageError("Unknown column '\(name)' for '--columns <list>': use \(CatalogColumn.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return column
        }
    }

    package static func defaults(showingTags: Bool) -> [CatalogColumn] {
        showingTags ? [.id, .title, .author, .tags, .pages, .added] : [.id, .title, .author, .pages, .added]
    }

    package static func table(_ entries: [CatalogEntry], columns: [CatalogColumn]) -> TextTable {
        let numeric: Set<CatalogColumn> = [.id, .pages, .year, .size]
        var table = TextTable(headers: columns.map { $0.rawValue.uppercased() },
                              rightAligned: Set(columns.indices.filter { numeric.contains(columns[$0]) }))
        table.rows = entries.map { entry in columns.map { value(of: $0, in: entry) } }
        return table
    }

    package static func value(of column: CatalogColumn, in entry: CatalogEntry) -> String {
        let book = entry.book
        switch column {
        case .id: return "\(book.id)"
        case .title: return book.title
        case .author: return book.author
        case .pages: return "\(book.pageCount)"
        case .added: return Formatting.day(book.addedAt)
        case .year: return entry.year.map(String.init) ?? ""
        case .rating: return entry.details.rating.map(Stars.text) ?? ""
        case .tags: return entry.tags.joined(separator: ", ")
        case .collections: return entry.collections.joined(separator: ", ")
        case .publisher: return entry.details.publisher ?? ""
        case .series:
            guard let series = entry.details.series else { return "" }
            return series + (entry.details.seriesIndex.map { $0 == $0.rounded() ? " #\(Int($0))" : " #\($0)" } ?? "")
        case .language: return entry.details.language ?? ""
        case .source: return book.titleSource.rawValue
        case .file: return book.path
        case .size: return Formatting.bytes(book.size)
        }
    }
}
