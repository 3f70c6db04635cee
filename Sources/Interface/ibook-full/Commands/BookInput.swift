import FileNames
import BookLibrary
import Foundation
import IBookCLI
import PDF
import PageRanges
import RenderCommands
import Watermark

/// The BOOK argument of the workbench commands that take any PDF.
enum BookInput {
    /// A file on disk is used as it is, in the library or not; anything else
    /// names a library book.
    static func path(_ name: String?, _ context: CommandContext) throws -> String {
        if let name {
            let path = absolutePath(name)
            if FileName.exists(path, directory: false) { return path }
            if name.contains("/") || name.lowercased().hasSuffix(".pdf") {
                throw FileFailure(file: name, reason: PDFError.missing.description)
            }
        }
        return try context.book(named: name).path
    }

    /// Library errors name the file themselves; the rest get it put in front.
    static func reporting<T>(_ file: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as WatermarkError {
            throw FileFailure(file: file, reason: WorkbenchErrorMessage.reason(error))
        } catch let error as PDFError {
            throw FileFailure(file: file, reason: PDFErrorMessage.reason(error))
        } catch let error as PageRangeError {
            throw FileFailure(file: file, reason: error.description)
        }
    }
}

/// An error about one file, printed as "<file>: <reason>".
struct FileFailure: Error, CustomStringConvertible {
    var file: String
    var reason: String
    var description: String { "\(FileName.displayed(file)): \(reason)" }
}
