import BookLibrary
import FileNames
import SplashThumbnails

/// The words a person reads for an error a library operation threw. The
/// library states the condition (`LibraryError.noOpenBook`); the command line,
/// which alone knows how its commands and options are spelled, adds the one
/// that changes the outcome.
package enum ErrorMessage {
    /// The message for `error` when the command line has something to add; nil
    /// when the error's own description says it all.
    package static func text(for error: Error) -> String? {
        switch error {
        case let error as PageImageError where error.reason == .passwordRequired:
            return "\(FileName.displayed(error.path)): needs a password (use --password)"
        case LibraryError.noOpenBook:
            return "no open book: open one with 'ibook open BOOK' (see 'ibook list'), or pass --book BOOK"
        case CurationError.invalidField(let field, let reason):
            return "\(option(for: field)): \(reason)"
        case CurationError.nothingToEdit:
            return "nothing to change: give at least one of --title, --author, --year, … (see 'ibook edit --help')"
        case CurationError.savedSearchNotFound(let name):
            return "no saved search named '\(name)' (save one with 'ibook list --save NAME QUERY')"
        case CurationError.invalidSavedSearchName(let name):
            return "--save: '\(name)' cannot name a saved search: one word without ':'"
        case CurationError.savedSearchWithoutQuery:
            return "--save: give the query to save after the name"
        case AnnotationError.notFound(let id):
            return "no annotation #\(id) (see 'ibook notes --json' for ids)"
        case AnnotationError.ambiguousPassage(let passage, let count, let candidates):
            let more = count > candidates.count ? "\n  … and \(count - candidates.count) more" : ""
            return "'\(passage)' occurs \(count) times; choose one with --occurrence N:\n"
                + AnnotationError.numbered(candidates) + more
        case AnnotationError.occurrenceOutOfRange(let wanted, let count):
            return "--occurrence \(wanted) is out of range: the passage occurs \(count) time\(count == 1 ? "" : "s")"
        default:
            return nil
        }
    }

    /// The `ibook edit` option that sets `field`.
    package static func option(for field: BookDetails.Field) -> String {
        switch field {
        case .authors: return "--author"
        case .seriesIndex: return "--series-index"
        default: return "--" + field.rawValue
        }
    }
}
