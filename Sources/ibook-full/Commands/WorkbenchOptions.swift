import Arguments
import Drawing

/// The options the workbench commands (watermark, export, compose) have in
/// common, declared once so that they are spelled, described, validated and
/// completed alike.
enum WorkbenchOptions {
    /// -o/--output; `help` says what is written there and where by default.
    static func output(_ help: String) -> Option {
        Option("-o", "--output", value: "file", help: help)
    }

    /// One set of paper sizes for reports and composed documents.
    static let paper = Option("--paper", value: "size", choices: PaperSize.self, help: "Paper size (default a4).")

    static let margin = Option("--margin", value: "length", help: "Page margin, e.g. 20mm (default), 2cm, 0.75in, 54pt.")

    /// --add; `what` names the file that is added.
    static func add(_ what: String) -> Option {
        Option("--add", help: "Add \(what) to the library.")
    }
}
