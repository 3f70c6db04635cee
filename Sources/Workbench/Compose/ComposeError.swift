import Foundation

/// Why a document could not be composed. Each case reads as one line after the
/// file it concerns, so the CLI can print `Error: <description>`.
public enum ComposeError: Error, Equatable, CustomStringConvertible {
    case templateNotFound(String)
    case templateUnreadable(String, String)
    case noItemsBlock(String)
    case itemTemplateNotFound(String)
    case dataNotFound(String)
    case invalidJSON(String, String)
    case invalidData(String, String)
    case missingValues(String, [String])
    case unknownCurrency(String)
    case noCurrency(String)
    case totalMismatch(String, given: String, computed: String)
    case imageNotFound(String, String)
    case invalidOption(String)
    case weasyPrintMissing
    case weasyPrintFailed(String)
    case cannotWrite(String, String)
    case previewFailed(String, String)
    case initTargetExists(String)

    public var description: String {
        switch self {
        case .templateNotFound(let path): return "\(path): template not found"
        case .templateUnreadable(let path, let reason): return "\(path): cannot read template (\(reason))"
        case .noItemsBlock(let path): return "\(path): template has no #ITEMS# placeholder for the line items"
        case .itemTemplateNotFound(let path): return "\(path): item template not found (a template set needs item.html beside the main template)"
        case .dataNotFound(let path): return "\(path): data file not found"
        case .invalidJSON(let path, let reason): return "\(path): invalid JSON: \(reason)"
        case .invalidData(let path, let reason): return "\(path): \(reason)"
        case .missingValues(let path, let names):
            let list = names.map { "#\($0)#" }.joined(separator: ", ")
            return "\(path): no value for \(list) (give it in the data)"
        case .unknownCurrency(let code): return "unknown currency code '\(code)' (use an ISO 4217 code such as EUR, USD, JPY)"
        case .noCurrency(let path): return "\(path): no currency: give a \"currency\" field"
        case .totalMismatch(let path, let given, let computed):
            return "\(path): total \(given) disagrees with the sum of the items, \(computed)"
        case .imageNotFound(let path, let image): return "\(path): image not found: \(image)"
        case .invalidOption(let message): return message
        case .weasyPrintMissing:
            return "WeasyPrint is not installed: install it with 'apt-get install weasyprint' (or 'make deps')"
        case .weasyPrintFailed(let reason): return "WeasyPrint failed: \(reason)"
        case .cannotWrite(let path, let reason): return "\(path): cannot write (\(reason))"
        case .previewFailed(let path, let reason): return "\(path): cannot render the preview (\(reason))"
        case .initTargetExists(let path): return "\(path): already exists; not overwriting a template"
        }
    }
}
