import BookOpening
import Foundation
import PDF
import ReflowDocuments

/// The rendering side: a hidden mode of ibook-full (`__render`) that renders
/// pages for the reader, one request per line on stdin, each answered on
/// stdout with a header line and the pixels. Living in its own process, a
/// page that crashes poppler or takes forever costs that page, not the
/// reader or the terminal it has in raw mode.
public enum RenderWorker {
    public static let modeArgument = "__render"
    static let memoryLimit: UInt64 = 4 << 30

    /// Nil when stdin is a terminal: the mode is for the reader, not for people.
    public static func run() -> Int32? {
        guard isatty(0) == 0 else { return nil }
        signal(SIGINT, SIG_IGN)
        signal(SIGTSTP, SIG_IGN)
        var limit = rlimit(rlim_cur: rlim_t(memoryLimit), rlim_max: rlim_t(memoryLimit))
        setrlimit(Int32(RLIMIT_AS.rawValue), &limit)
        // Replies get stdout to themselves; whatever a library prints goes to stderr.
        let replies = dup(1)
        dup2(2, 1)
        var open: (key: String, document: any BookDocument)?
        var laidOut = ViewLayouts()
        let decoder = JSONDecoder(), encoder = JSONEncoder()
        while let line = readLine(strippingNewline: true) {
            guard let request = try? decoder.decode(RenderRequest.self, from: Data(line.utf8)) else { return 64 }
            var header = RenderReplyHeader()
            var pixels: [UInt8] = []
            // What poppler says about a page is not for the reader's screen; each request's lines are dropped with it.
            PopplerDiagnostics.collect(into: PopplerLog()) {
                do {
                    let key = request.path + "\u{0}" + (request.password ?? "")
                    if open?.key != key {
                        open = (key, try BookOpener.document(path: request.path, password: request.password))
                        laidOut = ViewLayouts()
                    }
                    guard var document = open?.document else { throw PDFError.damaged("cannot be read") }
                    if let layout = request.layout, let reference = document as? ReflowBook, reference.format.isLaidOut {
                        let view = try laidOut.document(path: request.path, layout: layout)
                        if request.pageMap == true {
                            header.pageMap = laidOut.map(reference: reference, view: view, layout: layout)
                            return
                        }
                        if let pages = request.hitPages {
                            let map = laidOut.map(reference: reference, view: view, layout: layout)
                            header.hitPlaces = HitLocator.places(of: request.find ?? "", referencePages: pages,
                                                                 reference: reference, view: view, map: map)
                            return
                        }
                        document = view
                    } else if request.pageMap == true || request.hitPages != nil {
                        // Else the reader would be sent a page for a map, and ask again.
                        throw PDFError.damaged("has pages of its own: it is not laid out")
                    }
                    guard (1...max(1, document.pageCount)).contains(request.page) else {
                        throw PDFError.damaged("page \(request.page) cannot be read")
                    }
                    let size = document.pixelSize(page: request.page, fittingWidth: request.boxWidth, height: request.boxHeight)
                    let image = try document.renderPage(request.page, width: size.width, height: size.height)
                    header.width = image.width
                    header.height = image.height
                    if let text = request.find { header.matches = document.find(text, onPage: request.page) }
                    var drawn = image
                    if let highlights = request.highlights, !highlights.isEmpty, let view = document as? ReflowBook,
                       let layout = request.layout, let reference = open?.document as? ReflowBook {
                        let map = laidOut.map(reference: reference, view: view, layout: layout)
                        HighlightPainter.paint(highlights, page: request.page, of: view, map: map, on: &drawn)
                    }
                    pixels = drawn.pixels
                } catch {
                    header.error = String(describing: error)
                }
            }
            guard var reply = try? encoder.encode(header) else { return 1 }
            reply.append(0x0A)
            guard writeAll(replies, Array(reply)), writeAll(replies, pixels) else { return 1 }
        }
        return 0
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
