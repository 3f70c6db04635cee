import BookLibrary
import Foundation
import OCR
import PDF
import Workers

/// The OCR side of the workers: renders one page as a grey scan, reads it
/// with tesseract and writes what it read to the reply file. Runs inside a
/// worker process (`ibook-full __ocr`) with the same limits as extraction,
/// so a page that hangs or exhausts memory costs that page only.
public enum OCRWorker {
    public static let modeArgument = "__ocr"

    /// Tesseract's OpenMP threads would fight the other worker for the two
    /// cores: one thread per worker, one worker per core, is faster.
    static let environment = ["OMP_THREAD_LIMIT": "1"]

    /// Entry point of the hidden worker mode (`WorkerLoop`): reads each page
    /// and answers done, or unreadable (the reason is in the reply file).
    /// Nil when not started by ibook.
    public static func runAsWorkerProcess() -> Int32? {
        let reader = Reader()
        return WorkerLoop.serve(OCRRequest.self) { request in
            WorkerReply(reader.perform(request) ? WorkerAnswer.done : .unreadable)
        }
    }

    /// Keeps the open document and the loaded engines between pages: loading
    /// trained data costs more than reading a page's worth of it.
    final class Reader {
        private var document: (path: String, document: PDFDocument)?
        private var recognizers: [String: PageRecognizer] = [:]

        /// Writes the reply file; false when the page could not be read.
        func perform(_ request: OCRRequest) -> Bool {
            let reply: OCRReply
            do {
                reply = .read(try read(request))
            } catch let error as PDFError {
                reply = .unreadable(error.description)
            } catch let error as OCRError {
                reply = .failed(error.description)
            } catch {
                reply = .failed(String(describing: error))
            }
            _ = PopplerDiagnostics.drain()
            guard let data = try? JSONEncoder().encode(reply),
                  FileManager.default.createFile(atPath: request.replyPath, contents: data) else { return false }
            if case .read = reply { return true }
            return false
        }

        func read(_ request: OCRRequest) throws -> RecognizedPage {
            let pdf: PDFDocument
            if let document, document.path == request.path {
                pdf = document.document
            } else {
                pdf = try PDFDocument(path: request.path, password: request.password)
                document = (request.path, pdf)
            }
            guard let page = pdf.page(at: request.page - 1) else {
                throw PDFError.damaged("page \(request.page) cannot be read")
            }
            let image = try page.renderGrey(dpi: Double(request.dpi))
            let key = request.languages?.joined(separator: "+") ?? ""
            let recognizer: PageRecognizer
            if let existing = recognizers[key] {
                recognizer = existing
            } else {
                recognizer = try PageRecognizer(languages: request.languages)
                recognizers[key] = recognizer
            }
            return try recognizer.read(image, dpi: request.dpi, filter: request.filter)
        }
    }
}
