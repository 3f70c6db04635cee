/// Why an export failed; each message names the file it is about.
public enum ReportError: Error, CustomStringConvertible, Equatable {
    case badConfig(String, reason: String)
    case cannotWrite(String, reason: String)
    case missingLogo(String)

    public var description: String {
        switch self {
        case .badConfig(let path, let reason): return "\(path): \(reason)"
        case .cannotWrite(let path, let reason): return "\(path): \(reason)"
        case .missingLogo(let path): return "\(path): the logo is not a readable PNG"
        }
    }
}
