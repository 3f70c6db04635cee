import FileNames
import Arguments
import BookLibrary

package enum CheckCommand: Command {
    enum Arguments {
        static let book = Argument<String>("book", help: "Check only this book (default: all).", optional: true)
    }

    enum Options {
        static let index = Flag("--index", help: "Also verify the full-text index against the stored text of every page.")
        static let repair = Flag("--repair", help: "Rebuild the full-text index where it is out of step (implies --index).")
    }

    package static let spec = CommandSpec(
        name: "check",
        abstract: "Report books whose file is missing or whose content changed.",
        discussion: "Exits with 1 if any book has a problem. Fix a moved file with 'ibook relocate BOOK NEWPATH' or by adding it from its new place. --index also verifies the full-text index against the stored text of every page; --repair rebuilds the index from the stored text where they are out of step.",
        positionals: [Arguments.book.positional],
        options: [
            Options.index.option,
            Options.repair.option,
            CommonOptions.json.option,
        ])

    package static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        if arguments[Options.index] || arguments[Options.repair] { try context.require(.indexMaintenance, for: "ibook check --index") }
        let library = try context.library()
        let books = try arguments[Arguments.book].map { [try library.book(named: $0)] }
        let json = arguments[CommonOptions.json]
        var checked = 0
        var problems = try library.checkFiles(books) { result in
            checked += 1
            if json {
                try? context.printJSON(result)
                return
            }
            switch result.status {
            case .ok: break
            case .missing:
                context.stdout.write("missing  #\(result.book.id) \(result.book.title): \(FileName.displayed(result.book.path))\n")
            case .changed:
                context.stdout.write("changed  #\(result.book.id) \(result.book.title): \(FileName.displayed(result.book.path)) (content differs)\n")
            }
        }
        var summary = "\(checked) checked, \(problems) with problems"
        if arguments[Options.index] || arguments[Options.repair] {
            let index = arguments[Options.repair] ? try library.repairIndex() : try library.checkIndex()
            if json {
                try context.printJSON(["index": index])
            } else {
                print(index, context)
            }
            let damaged = index.problems.filter { !$0.isRepairable }.count
            let outOfStep = index.problems.count - damaged + (index.structureProblem == nil ? 0 : 1)
            problems += damaged + (index.pagesReindexed == nil ? outOfStep : 0)
            summary += "; index: \(index.pagesChecked) page\(index.pagesChecked == 1 ? "" : "s"), "
                + (index.pagesReindexed != nil ? "rebuilt" : outOfStep == 0 ? "in step" : "\(outOfStep) out of step")
                + (damaged > 0 ? ", \(damaged) with damaged text" : "")
        }
        context.stderr.write(summary + "\n")
        if problems > 0 { throw ExitCode(status: ExitCode.failure) }
    }

    private static func print(_ index: IndexCheck, _ context: CommandContext) {
        if let structure = index.structureProblem {
            context.stdout.write("index    the full-text index is damaged: \(structure)\n")
        }
        for problem in index.problems {
            let place = problem.bookID.map { "#\($0) \(problem.bookTitle ?? ""), page \(problem.page ?? 0)" }
                ?? "index row \(problem.rowID ?? 0)"
            switch problem.kind {
            case .undecodableText:
                context.stdout.write("damaged  \(place): the stored text cannot be decoded (\(problem.detail)); remove the book and add it again\n")
            case .notIndexed, .outOfStep, .orphaned:
                context.stdout.write("index    \(place): \(problem.detail)\n")
            }
        }
        if let reindexed = index.pagesReindexed {
            context.stdout.write("repaired the full-text index: \(reindexed) page\(reindexed == 1 ? "" : "s") indexed again from their stored text\n")
        }
    }
}
