import BookOpening
import Foundation
import PDF
import ReflowDocuments
import Workers

/// The rendering side: a hidden mode of ibook-full (`__render`, a
/// `WorkerLoop`) that renders pages for the reader, each answered with a
/// header and the pixels. Living in its own process, a page that crashes
/// poppler or takes forever costs that page, not the reader or the terminal
/// it has in raw mode. The open document and its layouts at the screen's
/// size are kept between pages.
public enum RenderWorker {
    public static let modeArgument = "__render"
    static let memoryLimit: UInt64 = 4 << 30

    /// Nil when not started by the reader: the mode is not for people.
    public static func run() -> Int32? {
        var open: (key: String, document: any BookDocument)?
        var laidOut = ViewLayouts()
        // Ctrl-C and Ctrl-Z reach the whole process group: the reader handles them.
        return WorkerLoop.serve(RenderRequest.self, ignoring: [SIGINT, SIGTSTP]) { request in
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
                    // A laid-out page's links are known only in its layout, which the reader does not hold.
                    if request.layout != nil { header.links = document.links(onPage: request.page) }
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
            return WorkerReply(header, payload: pixels)
        }
    }
}
