import Arguments
import Foundation
import IBookCLI
import Printing

enum PrintersCommand: Command {
    static let spec = CommandSpec(
        name: "printers",
        abstract: "List the printers CUPS knows, the default marked, with their state and last message.",
        discussion: "Asks the CUPS scheduler (CUPS_SERVER, ~/.cups/client.conf or the local one) through libcups. The default is the one 'ibook print' uses without --printer, $LPDEST or $PRINTER; lpoptions instances are listed as PRINTER/INSTANCE. STATE is idle, processing or stopped, with the queue's last message after a dash: the operator's (cupsdisable -r), a filter's or backend's (idle — Filter failed).",
        options: [CommonOptions.json.option])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let connection = try CupsConnection()
        let printers = try CupsDestination.all(on: connection)
        if arguments[CommonOptions.json] {
            try context.printJSON(printers)
            return
        }
        guard !printers.isEmpty else {
            context.stderr.write("CUPS at \(connection.server) has no printers: add one with lpadmin or your desktop's printer settings.\n")
            return
        }
        var table = TextTable(headers: ["", "PRINTER", "STATE", "QUEUE", "JOBS", "DESCRIPTION"], rightAligned: [4])
        table.rows = printers.map { printer in
            let state = printer.state.rawValue + (printer.lastMessage.map { " — \($0)" } ?? "")
            let description = [printer.info, printer.location].compactMap { $0 }.joined(separator: ", ")
            return [printer.isDefault ? "*" : "", printer.name, state, printer.acceptingJobs ? "accepting" : "rejecting",
                    "\(printer.queuedJobs)",
                    description.isEmpty ? printer.deviceURI ?? "" : description]
        }
        context.stdout.write(table.render(maxWidth: context.stdout.tableWidth, primary: 5) + "\n")
    }
}
