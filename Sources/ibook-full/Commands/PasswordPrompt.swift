import FileNames
import Foundation
import IBookCLI
import PDF

/// On a terminal, a PDF that needs a password and was given none is not an
/// error: the password is asked for, without echo, as qpdf and gpg do.
enum PasswordPrompt {
    /// The password given (--password, --password-file, $IBOOK_PASSWORD);
    /// else, when a person is at the terminal and the file turns out to be
    /// locked, the one they type; else nil.
    static func password(for path: String, _ context: CommandContext) throws -> String? {
        if let given = try context.password() { return given }
        guard PasswordSource.canPrompt else { return nil }
        do {
            _ = try PDFDocument(path: path)
            return nil
        } catch PDFError.passwordRequired {
            return try ask(for: path)
        } catch {
            // Any other problem is reported by the command itself, in its words.
            return nil
        }
    }

    static func ask(for path: String) throws -> String {
        try PasswordSource.prompt("Password for \(FileName.displayed((path as NSString).lastPathComponent)): ")
    }
}
