import FileOutput
import BookOpening
import Documents
import Foundation
import PDF
import PageRanges
import Printing
import ReflowDocuments
import Watermark

/// Why a document will not be printed, beyond what PDF and CUPS say.
public enum BookPrintingError: Error, Equatable, CustomStringConvertible, Sendable {
    case printingForbidden
    /// A --media name whose size ibook does not know, so it cannot lay a book out on it.
    case unknownPaper(String)

    public var description: String {
        switch self {
        case .printingForbidden:
            return "its owner forbids printing (the PDF's permissions)"
        case .unknownPaper(let name):
            return "cannot lay the book out on paper '\(name)', whose size ibook does not know"
        }
    }
}

/// What to print and how.
public struct PrintRequest: Sendable {
    public var file: String
    public var title: String
    public var password: String?
    /// Page numbers and labels ("iii-v,12,A-1"); nil is every page.
    public var pages: String?
    /// --printer; nil lets $LPDEST, $PRINTER or the CUPS default decide.
    public var printer: String?
    public var options = PrintOptions()
    public var watermark: WatermarkOptions?
    /// Print even when the PDF's owner forbids it.
    public var force = false

    public init(file: String, title: String? = nil) {
        self.file = file
        self.title = title ?? (file as NSString).lastPathComponent
    }
}

/// What is (or would be) sent: the answer to --dry-run, and the job's record.
public struct PrintPlan: Codable, Equatable, Sendable {
    public var printer: String
    public var file: String
    public var title: String
    /// Physical 1-based pages of `file` that are printed.
    public var pages: [Int]
    public var pageCount: Int { pages.count }
    public var copies: Int
    /// The CUPS options of the job (lpoptions saved for the printer are added when it is sent).
    public var options: [PrintOption]
    /// Why a temporary copy is sent instead of the file ("decrypted",
    /// "watermarked", "selected pages"), or empty when the file goes as it is.
    public var temporaryCopy: [String]
    /// The owner forbids printing and --force overrode it.
    public var restrictionOverridden: Bool

    enum CodingKeys: String, CodingKey {
        case printer, file, title, pages, pageCount, copies, options, temporaryCopy, restrictionOverridden
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(printer, forKey: .printer)
        try container.encode(file, forKey: .file)
        try container.encode(title, forKey: .title)
        try container.encode(pages, forKey: .pages)
        try container.encode(pageCount, forKey: .pageCount)
        try container.encode(copies, forKey: .copies)
        try container.encode(options, forKey: .options)
        try container.encode(temporaryCopy, forKey: .temporaryCopy)
        try container.encode(restrictionOverridden, forKey: .restrictionOverridden)
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        printer = try container.decode(String.self, forKey: .printer)
        file = try container.decode(String.self, forKey: .file)
        title = try container.decode(String.self, forKey: .title)
        pages = try container.decode([Int].self, forKey: .pages)
        copies = try container.decode(Int.self, forKey: .copies)
        options = try container.decode([PrintOption].self, forKey: .options)
        temporaryCopy = try container.decode([String].self, forKey: .temporaryCopy)
        restrictionOverridden = try container.decode(Bool.self, forKey: .restrictionOverridden)
    }

    init(printer: String, file: String, title: String, pages: [Int], copies: Int, options: [PrintOption],
         temporaryCopy: [String], restrictionOverridden: Bool) {
        self.printer = printer
        self.file = file
        self.title = title
        self.pages = pages
        self.copies = copies
        self.options = options
        self.temporaryCopy = temporaryCopy
        self.restrictionOverridden = restrictionOverridden
    }
}

/// A job the scheduler accepted.
public struct PrintResult: Codable, Equatable, Sendable {
    public var job: Int
    public var plan: PrintPlan
}

/// Prints books: checks the document (password, owner's permissions, pages by
/// number or label), chooses and checks the printer, makes the temporary
/// copy a job needs, and sends it through libcups. A book that is not a PDF
/// is laid out on the paper (PrintedPage) and written as a PDF first.
public final class BookPrinter {
    public let connection: CupsConnection
    /// The temporary copy's reason for a book that is not a PDF, followed by the paper's name.
    static let laidOutReason = "laid out on "
    /// The book laid out by `plan`, kept for `send` to write out.
    private var laidOut: (file: String, document: ReflowDocument, page: PrintedPage)?

    public init(connection: CupsConnection) {
        self.connection = connection
    }

    /// Everything up to sending: the document opened and its pages resolved,
    /// the printer found and taking jobs (a stopped one is the caller's to
    /// warn about: `destination.info.stoppedWarning`). Writes nothing.
    public func plan(_ request: PrintRequest) throws -> (PrintPlan, CupsDestination) {
        var request = request
        let pageCount: Int, labels: () -> [String?], restricted: Bool
        var copyReasons: [String] = []
        laidOut = nil
        // A PDF keeps its own pages, so any paper name CUPS knows is the printer's to take.
        let page = try BookOpener.format(of: request.file) == .pdf ? nil : PrintedPage(media: request.options.media)
        if let page, let book = try BookOpener.reflowDocument(path: request.file, layout: page.layout, stylesheet: page.stylesheet) {
            laidOut = (request.file, book, page)
            pageCount = book.pageCount
            labels = { [] }
            restricted = false
            // The job asks for the paper the book was laid out on.
            request.options.media = page.media
            copyReasons.append(Self.laidOutReason + page.media)
        } else {
            let document = try PDFDocument(path: request.file, password: request.password)
            pageCount = document.pageCount
            labels = { document.pageLabels }
            restricted = !document.allowsPrinting
        }
        guard pageCount > 0 else { throw PDFError.noPages }
        if restricted, !request.force { throw BookPrintingError.printingForbidden }
        var pages = Array(1...pageCount)
        if let range = request.pages {
            // Labels become physical pages before anything else: n-up and
            // page-ranges then count the same pages.
            var parser = PageRangeParser(pageCount: pageCount, labels: labels)
            pages = try parser.parse(range)
        }
        let everyPage = pages.count == pageCount

        if laidOut == nil, request.password != nil || restricted { copyReasons.append("decrypted") }
        if request.watermark != nil { copyReasons.append("watermarked") }
        // CUPS's pdftopdf applies page-ranges to the n-up sheets, not to the
        // document's pages, so an n-up job gets a copy of just those pages.
        let rewritten = copyReasons.contains { !$0.hasPrefix(Self.laidOutReason) }
        if !everyPage, (request.options.numberUp ?? 1) > 1 || rewritten { copyReasons.append("selected pages") }

        var options = request.options
        options.pageRanges = everyPage || copyReasons.contains("selected pages") ? nil : PrintOptions.ranges(pages)

        let destination = try CupsDestination.choose(request.printer, on: connection)
        if let refusal = destination.info.refusal { throw refusal }
        let plan = PrintPlan(printer: destination.name, file: request.file, title: request.title, pages: pages,
                             copies: options.copies, options: options.cupsOptions, temporaryCopy: copyReasons,
                             restrictionOverridden: restricted)
        return (plan, destination)
    }

    /// Plans and sends the job (see `send`).
    public func print(_ request: PrintRequest, scratch: ScratchFolder) throws -> PrintResult {
        let (plan, destination) = try plan(request)
        return try send(request, plan: plan, to: destination, scratch: scratch)
    }

    /// Sends the job `plan` describes and returns once CUPS has accepted it;
    /// the temporary copies in `scratch` are removed then, whatever happened.
    public func send(_ request: PrintRequest, plan: PrintPlan, to destination: CupsDestination,
                     scratch: ScratchFolder) throws -> PrintResult {
        defer { scratch.remove() }
        var send = request.file
        var options = request.options
        options.pageRanges = plan.options.first { $0.name == "page-ranges" }?.value
        var password = request.password
        if let laidOut, laidOut.file == request.file {
            let book = scratch.file("book.pdf")
            try laidOut.document.writePDF(to: book, layout: laidOut.page.layout)
            chmod(book, 0o600)
            send = book
            password = nil
            options.media = laidOut.page.media
        }
        let copied = plan.temporaryCopy.filter { !$0.hasPrefix(Self.laidOutReason) }
        if !copied.isEmpty {
            let selected = plan.temporaryCopy.contains("selected pages") ? plan.pages : nil
            let plain = scratch.file("document.pdf")
            try PDFCopier.writeDecrypted(input: send, password: password, pages: selected, to: plain)
            send = plain
            if var watermark = request.watermark {
                watermark.password = nil
                watermark.pages = nil
                let stamped = scratch.file("watermarked.pdf")
                try Watermarker(options: watermark).watermark(input: plain, output: stamped)
                chmod(stamped, 0o600)
                send = stamped
            }
        }
        let job = try destination.submit(pdf: send, title: request.title, options: options, on: connection)
        return PrintResult(job: job.id, plan: plan)
    }
}
