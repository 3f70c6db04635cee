import Annotating
import BookPrinting
import Compose
import PDF
import Printing
import RenderCommands
import Watermark

/// What a person reads for an error of the workbench (watermark, annotate,
/// compose, print): the condition the service states, and the option that
/// changes the outcome, which only the command line knows how to spell.
enum WorkbenchErrorMessage {
    /// The message for `error` when the command line has something to add; nil otherwise.
    static func text(for error: Error) -> String? {
        switch error {
        case WatermarkError.wouldOverwriteInput:
            return "\(error) (use --in-place to overwrite it)"
        case AnnotatingError.sameFile:
            return "\(error) (use --in-place for that)"
        case ComposeError.missingValues(let path, let names):
            return "\(path): no value for \(names.map { "#\($0)#" }.joined(separator: ", ")) (give it in the data, or use --allow-missing)"
        case ComposeError.noCurrency(let path):
            return "\(path): no currency: give a \"currency\" field or --currency"
        case BookPrintingError.printingForbidden:
            return "\(error); use --force to print it anyway"
        case BookPrintingError.unknownPaper:
            return "\(error): give --media A4, A5, Letter, Legal… or a size such as iso_a5_148x210mm"
        case PrintingError.noPrinter:
            return "no printer: CUPS has no destinations and none was named (add one with lpadmin, or use --printer)"
        case PrintingError.unknownPrinter(let name, let source):
            let origin: String
            switch source {
            case .caller: origin = "--printer"
            case .environment(let variable): origin = "$" + variable
            }
            return "CUPS has no printer \"\(name)\" (from \(origin)); see 'ibook printers'"
        default:
            return PDFErrorMessage.text(for: error)
        }
    }

    /// The reason to print after a file's name.
    static func reason(_ error: Error) -> String {
        text(for: error) ?? String(describing: error)
    }
}
