import PDF
import PageThumbnails

/// What a person reads for a PDF that could not be opened: the condition PDF
/// states, and for a locked file the option that unlocks it.
package enum PDFErrorMessage {
    package static func reason(_ error: PDFError) -> String {
        error == .passwordRequired ? "\(error) (use --password)" : error.description
    }

    /// A reason an extraction worker sent back as text (it reports across a process boundary).
    package static func reason(_ text: String) -> String {
        text == PDFError.passwordRequired.description ? reason(.passwordRequired) : text
    }

    /// The message for `error` when it is a PDF's and the command line has an option to name.
    package static func text(for error: Error) -> String? {
        switch error {
        case let error as PDFError where error == .passwordRequired:
            return reason(error)
        case let failure as BookFile.Failure where failure.needsPassword:
            return "\(failure.path): \(reason(.passwordRequired))"
        default:
            return nil
        }
    }
}
