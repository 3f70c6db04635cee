import FileNames
import Arguments
import BookIndexing
import BookLibrary
import Drawing
import Foundation
import IBookCLI
import Reports

enum ExportCommand: Command {
    enum Arguments {
        static let report = Argument<String>("report", help: "catalog, bookmarks, search or history.")
        static let args = RepeatedArgument<String>("args", help: "The book (bookmarks) or the text (search).", optional: true)
    }

    enum Options {
        static let format = ChoiceOption<ReportFormat>("--format", value: "format", help: "The file's format (default pdf).")
        static let landscape = Flag("--landscape", help: "Landscape pages (default: landscape for five or more columns).")
        static let portrait = Flag("--portrait", help: "Portrait pages.")
        static let all = Flag("--all", help: "Every book: all bookmarks, or search the whole library.")
        static let limit = ValueOption<Int>("--limit", value: "n", in: 1...Int(Int32.max), help: "Search: stop after this many matches.")
        static let `in` = ValueOption<String>("--in", value: "query", help: "Catalog and search: only the books this query selects (see 'ibook list --help').")
        static let orgName = ValueOption<String>("--org-name", value: "name", help: "Organisation name for the letterhead.")
        static let orgAddress = ValueOption<String>("--org-address", value: "text", help: "Address line for the letterhead.")
        static let orgPhone = ValueOption<String>("--org-phone", value: "text", help: "Phone line for the letterhead.")
        static let orgEmail = ValueOption<String>("--org-email", value: "text", help: "Email line for the letterhead.")
        static let logo = ValueOption<String>("--logo", value: "png", help: "Logo for the letterhead (a PNG file).")
        static let output = WorkbenchOptions.output("Where to write (with --preview: the PNG). Default: e.g. catalog-2026-11-29.pdf here.")
    }

    static let spec = CommandSpec(
        name: "export",
        abstract: "Write a report of the library as a PDF, CSV or JSON file.",
        discussion: """
            Reports: catalog (every book, with covers), bookmarks [BOOK] (the open book's, one book's, or --all), \
            search TEXT (matches in the open book, --book BOOK or --all), history (what was read). \
            The letterhead comes from [letterhead] in $XDG_CONFIG_HOME/ibook/config.toml (name, address, phone, email, logo) \
            or the --org-* flags. Labels and dates follow LC_ALL/LANG (English, Chinese).
            """,
        positionals: [
            Arguments.report.positional,
            Arguments.args.positional,
        ],
        options: [
            Options.format.option,
            Options.output.option,
            WorkbenchOptions.paper.option,
            WorkbenchOptions.preview.option,
            WorkbenchOptions.previewSize.option,
            Options.landscape.option,
            Options.portrait.option,
            CommonOptions.book.option,
            Options.all.option,
            Options.limit.option,
            Options.in.option,
            Options.orgName.option,
            Options.orgAddress.option,
            Options.orgPhone.option,
            Options.orgEmail.option,
            Options.logo.option,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let environment = ProcessInfo.processInfo.environment
        guard let kind = Report.Kind(rawValue: arguments[Arguments.report] ?? "") else {
            throw UsageError("Unknown report '\(arguments[Arguments.report] ?? "")': use catalog, bookmarks, search or history")
        }
        let extra = arguments[Arguments.args]
        let format = arguments[Options.format] ?? .pdf
        let paper = arguments[WorkbenchOptions.paper] ?? .a4
        if arguments[Options.landscape], arguments[Options.portrait] { throw UsageError("Give either --landscape or --portrait, not both") }
        let limit = try arguments[Options.limit]
        let previewPage = try WorkbenchOptions.previewPage(arguments)
        let previewSize = try WorkbenchOptions.previewPixels(arguments)
        if previewPage != nil, format != .pdf { throw UsageError("--preview renders a page of a PDF report: use it with --format pdf") }

        let configPath = LetterheadSettings.configPath(environment: environment)
        let letterhead = LetterheadSettings(
            name: arguments[Options.orgName], address: arguments[Options.orgAddress], phone: arguments[Options.orgPhone],
            email: arguments[Options.orgEmail], logo: arguments[Options.logo].map { URL(fileURLWithPath: $0).path }
        ).overriding(try LetterheadSettings.load(from: configPath))
        let now = Date()
        let options = ExportOptions(
            format: format, paper: paper,
            orientation: arguments[Options.landscape] ? .landscape : arguments[Options.portrait] ? .portrait : nil,
            letterhead: letterhead, user: environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? NSUserName(),
            now: now, locale: ReportLocale.from(environment: environment))

        let library = try context.library()
        let builder = ReportBuilder(library: library, locale: options.locale, now: now)
        let report: Report
        switch kind {
        case .catalog, .history:
            guard extra.isEmpty else { throw UsageError("'\(kind.rawValue)' takes no arguments") }
            if kind == .history, arguments[Options.in] != nil { throw UsageError("--in applies to catalog and search") }
            report = kind == .catalog ? try QueryFailure.reported(context) { try builder.catalog(query: arguments[Options.in] ?? "") }
                                      : try builder.history()
        case .bookmarks:
            if arguments[Options.all] {
                guard extra.isEmpty, arguments[CommonOptions.book] == nil else { throw UsageError("Give either a book or --all, not both") }
                report = try builder.bookmarks(of: nil)
            } else {
                report = try builder.bookmarks(of: try context.book(named: extra.isEmpty ? nil : extra.joined(separator: " ")))
            }
        case .search:
            let query = extra.joined(separator: " ")
            guard !query.isEmpty else { throw UsageError("'search' needs the text to look for") }
            report = try builder.search(query, scope: try context.searchScope(all: Options.all, within: Options.in), limit: limit, inQuery: arguments[Options.in])
        }

        let defaultName = ReportFileName.make(for: report, format: format, date: now)
        let path = arguments[Options.output].map { URL(fileURLWithPath: $0).path }
            ?? FileManager.default.currentDirectoryPath + "/" + (previewPage == nil ? defaultName : WorkbenchOptions.previewName(for: defaultName))
        if let previewPage {
            let result = try ReportExporter.preview(report, page: previewPage, to: path, options: options, maxPixels: previewSize)
            context.stdout.write(FileName.displayed(result.path) + "\n")
            context.stderr.write("Rendered page \(previewPage) of \(result.pages ?? 0)\n")
            return
        }
        let result = try ReportExporter.export(report, to: path, options: options)
        context.stdout.write(FileName.displayed(result.path) + "\n")
        let rows = "\(result.rows) row\(result.rows == 1 ? "" : "s")"
        context.stderr.write(result.pages.map { "Wrote \(rows) on \($0) page\($0 == 1 ? "" : "s")\n" } ?? "Wrote \(rows)\n")
    }
}
