import BookLibrary
import Arguments

/// One subcommand: its definition (from which help, usage and completions
/// are generated) and what it does.
package protocol Command: SendableMetatype {
    static var spec: CommandSpec { get }
    /// What the library must be able to do for this command to run on it
    /// (checked when the command opens the library).
    static var requires: LibraryCapabilities { get }
    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws
    /// Flags that only ibook-full carries out (they read or write a PDF with
    /// poppler): the lean ibook hands a command line with one of them over.
    static var fullOnlyFlags: [Flag] { get }
}

extension Command {
    package static var requires: LibraryCapabilities { [] }
    package static var fullOnlyFlags: [Flag] { [] }
}

/// Options several commands share, defined once.
package enum CommonOptions {
    package static let json = Flag("--json", help: "Print JSON for scripting.")
    package static let book = ValueOption<String>("--book", value: "book", help: "The book to use instead of the open one: an id, a file path or part of its title.")
    package static let password = ValueOption<String>("--password", value: "password", help: "Password for an encrypted PDF (never stored); - asks for it on the terminal. Also $IBOOK_PASSWORD.")
    package static let passwordFile = ValueOption<String>("--password-file", value: "file", help: "Read the password from the first line of this file.")
}
