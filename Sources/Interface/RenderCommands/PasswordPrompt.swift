import FileNames
import Foundation
import IBookCLI
import PDF

/// On a terminal, a PDF that needs a password and was given none is not an
/// error: the password is asked for, without echo, as qpdf and gpg do, and a
/// wrong one is asked for again, up to three times in all, as sudo does.
package enum PasswordPrompt {
    static let attempts = 3

    /// The password given (--password, --password-file, $IBOOK_PASSWORD);
    /// else, when a person is at the terminal and the file turns out to be
    /// locked, the one they type; else nil.
    package static func password(for path: String, _ context: CommandContext) throws -> String? {
        if let given = try context.password() { return given }
        guard PasswordSource.canPrompt else { return nil }
        do {
            _ = try PDFDocument(path: path)
            return nil
        } catch PDFError.passwordRequired {
            var attempt = 1
            while true {
                let typed = try ask(for: path, again: attempt > 1)
                do {
                    _ = try PDFDocument(path: path, password: typed)
                    return typed
                } catch PDFError.wrongPassword where attempt < attempts {
                    attempt += 1
                } catch {
                    // The last wrong answer, or another problem: the command says it in its words.
                    return typed
                }
            }
        } catch {
            // Any other problem is reported by the command itself, in its words.
            return nil
        }
    }

    package static func ask(for path: String, again: Bool = false) throws -> String {
        let name = FileName.displayed((path as NSString).lastPathComponent)
        return try PasswordSource.prompt((again ? "Wrong password, try again. " : "") + "Password for \(name): ")
    }
}
