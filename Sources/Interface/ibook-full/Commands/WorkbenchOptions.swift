import Arguments
import Drawing
import Foundation

/// The options the workbench commands (watermark, export, compose) have in
/// common, declared once so that they are spelled, described, validated and
/// completed alike.
enum WorkbenchOptions {
    /// -o/--output; `help` says what is written there and where by default.
    static func output(_ help: String) -> ValueOption<String> {
        ValueOption("-o", "--output", value: "file", help: help)
    }

    /// One set of paper sizes for reports and composed documents.
    static let paper = ChoiceOption<PaperSize>("--paper", value: "size", help: "Paper size (default a4).")

    static let margin = ValueOption<String>("--margin", value: "length", help: "Page margin, e.g. 20mm (default), 2cm, 0.75in, 54pt.")

    /// --preview PAGE: one page of what would be written, as a PNG at -o,
    /// instead of the PDF. A value and not a bare flag, so that a BOOK after it
    /// is never taken for the page. A number: a report or a composed document has no page labels.
    static let preview = ValueOption<Int>("--preview", value: "page", in: 1...Int(Int32.max), help: previewHelp)

    /// --preview PAGE of a PDF, whose page may be named by its label too.
    static let previewLabelled = ValueOption<String>("--preview", value: "page", help: previewHelp)

    private static let previewHelp = "Render this page of the result to a PNG (the -o file) instead of writing the PDF."

    static let previewSize = ValueOption<Int>("--preview-size", value: "px", in: 16...8192,
                                              help: "Longer side of the preview in pixels (default 1200).")

    /// The page --preview names.
    static func previewPage(_ arguments: ParsedArguments) throws -> Int? {
        try arguments[preview]
    }

    static func previewPixels(_ arguments: ParsedArguments) throws -> Int {
        try arguments[previewSize] ?? 1200
    }

    /// Where a preview goes when -o is not given: the PDF's own default name, as a PNG.
    static func previewName(for pdfName: String) -> String {
        (pdfName as NSString).deletingPathExtension + ".png"
    }

    /// --add; `what` names the file that is added.
    static func add(_ what: String) -> Flag {
        Flag("--add", help: "Add \(what) to the library.")
    }
}
