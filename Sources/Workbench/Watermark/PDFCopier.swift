import Foundation
import QPDF

/// Plain copies of a PDF through qpdf: without encryption (so a printer or
/// filter that cannot open an encrypted file, or honours an owner's
/// restrictions, gets a readable one) and, if asked, with only some pages.
public enum PDFCopier {
    /// Writes `output` (mode 0600) with the encryption removed; `pages`
    /// (1-based, ascending) keeps only those pages, in that order.
    public static func writeDecrypted(input: String, password: String?, pages: [Int]? = nil, to output: String) throws {
        var arguments = ["qpdf", input, "--decrypt"]
        if let password { arguments.append("--password=\(password)") }
        if let pages { arguments += ["--pages", ".", PDFOverlay.orderedRange(pages), "--"] }
        arguments.append(output)
        let previous = umask(0o077)
        defer { umask(previous) }
        do {
            try QPDFJob().run(arguments)
        } catch let error as QPDFError {
            throw WatermarkError.copyFailed(error.message)
        }
        chmod(output, 0o600)
    }
}
