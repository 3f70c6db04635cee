/// Where the name of a printer that CUPS does not know came from.
public enum PrinterNameSource: Equatable, Sendable, CustomStringConvertible {
    /// Given by the caller (on the command line, `--printer`).
    case caller
    /// Read from this environment variable (`LPDEST`, `PRINTER`).
    case environment(String)

    public var description: String {
        switch self {
        case .caller: return "the name given"
        case .environment(let variable): return "from $\(variable)"
        }
    }
}
