import Foundation

/// Why a watermark could not be made, in words a person can act on. The
/// messages are short and lowercase so the CLI can put the file before them.
public enum WatermarkError: Error, Equatable, CustomStringConvertible, Sendable {
    case emptyText
    case unknownFont(String)
    case badFont(String)
    case badColor(String)
    case badSpacing(String)
    case badPosition(String)
    case wouldOverwriteInput
    case renderFailed(String)
    case qpdf(String)
    case cannotWrite(String)
    case copyFailed(String)

    public var description: String {
        switch self {
        case .emptyText: return "the watermark text is empty"
        case .unknownFont(let family): return "unknown font family '\(family)' (see `fc-list : family`)"
        case .badFont(let text): return "cannot read font description '\(text)' (try \"Sans Bold 36\")"
        case .badColor(let text): return "cannot read colour '\(text)' (try \"#d32f2f\" or a name such as \"gray\")"
        case .badSpacing(let text): return "cannot read spacing '\(text)' (try \"50x50\": horizontal x vertical gap in points)"
        case .badPosition(let text):
            return "unknown position '\(text)' (one of \(WatermarkPosition.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .wouldOverwriteInput: return "the output is the input file"
        case .renderFailed(let reason): return "could not draw the watermark (\(reason))"
        case .qpdf(let reason): return "could not stamp the pages (\(reason))"
        case .cannotWrite(let reason): return "cannot write the output (\(reason))"
        case .copyFailed(let reason): return "could not make a decrypted copy (\(reason))"
        }
    }
}
