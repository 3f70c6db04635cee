import FoundationEssentials

/// The sentence Foundation's `localizedDescription` gave for the file errors
/// FileManager and Data throw, which FoundationEssentials does not word.
public enum ErrorText {
    public static func describe(_ error: any Error) -> String {
        guard let cocoa = error as? CocoaError else { return String(describing: error) }
        let reason: String
        switch cocoa.code.rawValue {
        case 4, 260: reason = "The file doesn’t exist."
        case 255: reason = "The file couldn’t be locked."
        case 257, 513: reason = "You don’t have permission."
        case 258, 514: reason = "The file name is invalid."
        case 259: reason = "The file isn’t in the correct format."
        case 261, 517: reason = "The specified text encoding isn’t applicable."
        case 262, 518: reason = "The specified URL type isn’t supported."
        case 263: reason = "The item is too large."
        case 264: reason = "The text encoding of the contents couldn’t be determined."
        case 516: reason = "A file with the same name already exists."
        case 640: reason = "There isn’t enough space."
        case 642: reason = "The volume is read only."
        default: reason = "(NSCocoaErrorDomain error \(cocoa.code.rawValue).)"
        }
        return "The operation could not be completed. " + reason
    }
}
