/// Why printing could not go ahead, in words a person can act on. Short and
/// lowercase-led where they follow a name, so the CLI can print them as they are.
public enum PrintingError: Error, Equatable, CustomStringConvertible, Sendable {
    /// No scheduler answers at `server` (a socket path or host).
    case noScheduler(server: String)
    /// CUPS knows no destination at all, and none was named.
    case noPrinter
    case unknownPrinter(String, source: PrinterNameSource)
    case printerStopped(String, reason: String?)
    case printerRejecting(String, reason: String?)
    case jobNotFound(Int)
    /// A CUPS call failed: what was being done, and CUPS's own message.
    case cups(String, message: String)
    case cannotRead(String, reason: String)

    public var description: String {
        switch self {
        case .noScheduler(let server):
            return "no CUPS scheduler is running at \(server) (start cupsd, or set CUPS_SERVER)"
        case .noPrinter:
            return "no printer: CUPS has no destinations and none was named (add one with lpadmin)"
        case .unknownPrinter(let name, let source):
            return "CUPS has no printer \"\(name)\" (\(source))"
        case .printerStopped(let name, let reason):
            return "printer \"\(name)\" is stopped\(reason.map { " (\($0))" } ?? ""); start it with cupsenable \(name)"
        case .printerRejecting(let name, let reason):
            return "printer \"\(name)\" is rejecting jobs\(reason.map { " (\($0))" } ?? ""); let it accept with cupsaccept \(name)"
        case .jobNotFound(let id):
            return "CUPS has no job \(id)"
        case .cups(let action, let message):
            return "\(action) failed: \(message)"
        case .cannotRead(let file, let reason):
            return "\(file): cannot be read (\(reason))"
        }
    }
}
