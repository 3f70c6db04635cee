import FileNames
import CPoppler
@_exported import Documents
import Foundation

/// An open PDF. Owns its PopplerDocument; not to be shared across threads
/// (poppler documents are not thread-safe), so each worker opens its own.
public final class PDFDocument {
    let handle: OpaquePointer
    public let path: String
    /// What it was opened with, for the second opening that reads page text.
    private let password: String?
    private let absolutePath: String
    /// The mapped file, when it was opened from one: the text document reads it too.
    private let bytes: OpaquePointer?

    /// `mapped`: read through a memory mapping of the file rather than
    /// poppler's file stream, which reads 256 bytes a system call (a tenth of
    /// the time reading a book's text). Only where a file cut short while it
    /// is read may kill the process: the isolated workers of `add`. Not with
    /// a password: poppler 22.12 crashes when it tries a failed password a
    /// second way on a document made from bytes.
    public init(path: String, password: String? = nil, mapped: Bool = false) throws {
        // The path opened; the text document opens the same file, whatever the current folder is then.
        absolutePath = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        PopplerDiagnostics.install()
        self.path = path
        self.password = password
        try Self.check(path)
        var error: UnsafeMutablePointer<GError>?
        let opened: OpaquePointer?
        let bytes = mapped && password == nil ? Self.mappedBytes(path) : nil
        self.bytes = bytes
        if let bytes {
            opened = poppler_document_new_from_bytes(bytes, password, &error)
        } else {
            // By URI rather than descriptor: poppler retries a failed password in
            // Latin-1, which a consumed descriptor turns into "damaged". A URI
            // needs an absolute path; a relative one is the current folder's.
            guard let uri = takeGString(FileName.withCString(absolutePath) { g_filename_to_uri($0, nil, nil) }) else {
                throw PDFError.unreadable("the path cannot be expressed as a URI")
            }
            opened = poppler_document_new_from_file(uri, password, &error)
        }
        guard let document = opened else {
            if let bytes { g_bytes_unref(bytes) }
            let failure = takeGError(error)
            switch failure?.code {
            case Int32(POPPLER_ERROR_ENCRYPTED.rawValue):
                throw (password?.isEmpty ?? true) ? PDFError.passwordRequired : PDFError.wrongPassword
            case Int32(POPPLER_ERROR_OPEN_FILE.rawValue):
                throw PDFError.unreadable(failure?.message ?? "open failed")
            default:
                throw PDFError.damaged((failure?.message ?? "unreadable").lowercased())
            }
        }
        handle = document
    }

    deinit {
        // The text document first: it reads the mapping and shares poppler's settings with this one.
        textDocument = nil
        if let bytes { g_bytes_unref(bytes) }
        g_object_unref(gpointer(handle))
    }

    /// The same file opened again through PageText, which reads a page's text
    /// and boxes in one pass; opened on the first page read. nil when it
    /// cannot be opened although poppler-glib could (then PDFPage reads
    /// through poppler-glib as before).
    private var textDocument: PageTextDocument?
    private var textDocumentTried = false

    var pageText: PageTextDocument? {
        if !textDocumentTried {
            textDocumentTried = true
            // What poppler says of the file it said when poppler-glib opened it.
            textDocument = PopplerDiagnostics.muted {
                if let bytes {
                    var size = 0
                    let data = g_bytes_get_data(bytes, &size)
                    return try? PageTextDocument(bytes: UnsafeRawBufferPointer(start: data, count: size))
                }
                return try? PageTextDocument(path: absolutePath, password: password)
            }
        }
        return textDocument
    }

    /// The file's bytes through a read-only mapping, which the returned
    /// GBytes owns; nil when the file cannot be mapped.
    private static func mappedBytes(_ path: String) -> OpaquePointer? {
        guard let mapping = FileName.withCString(path, { g_mapped_file_new($0, 0, nil) }) else { return nil }
        defer { g_mapped_file_unref(mapping) }
        return g_mapped_file_get_bytes(mapping)
    }

    /// Looks at the file first so that missing files, folders and non-PDF
    /// content get precise reasons before poppler sees them.
    private static func check(_ path: String) throws {
        var info = stat()
        guard FileName.withCString(path, { stat($0, &info) }) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { throw PDFError.missing }
            throw PDFError.unreadable(String(cString: strerror(errno)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw PDFError.isDirectory }
        if info.st_size == 0 { throw PDFError.empty }
        let fd = FileName.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PDFError.unreadable(String(cString: strerror(errno))) }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: FileSniffer.headerWindow)
        let count = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, FileSniffer.headerWindow, 0) }
        guard count > 0 else { throw PDFError.unreadable(String(cString: strerror(errno))) }
        head = Array(head.prefix(count))
        guard BookFormat.containsPDFHeader(head) else { throw PDFError.notAPDF(FileSniffer.describe(head, path: path)) }
    }

    var document: OpaquePointer { handle }

    public var pageCount: Int { Int(max(0, poppler_document_get_n_pages(document))) }

    /// False when the document's owner forbids printing (the permission
    /// flags of an encrypted PDF, which poppler reports).
    public var allowsPrinting: Bool {
        poppler_document_get_permissions(document).rawValue & POPPLER_PERMISSIONS_OK_TO_PRINT.rawValue != 0
    }

    /// Every page's label (nil where a page has none), 0-based.
    public var pageLabels: [String?] { (0..<pageCount).map { page(at: $0)?.label } }

    public var metadata: DeclaredMetadata {
        func date(_ value: time_t) -> Date? { value > 0 ? Date(timeIntervalSince1970: TimeInterval(value)) : nil }
        return DeclaredMetadata(
            title: takeGString(poppler_document_get_title(document))?.cleanedMetadata(),
            author: takeGString(poppler_document_get_author(document))?.cleanedMetadata(),
            subject: takeGString(poppler_document_get_subject(document))?.cleanedMetadata(),
            keywords: takeGString(poppler_document_get_keywords(document))?.cleanedMetadata(),
            creator: takeGString(poppler_document_get_creator(document))?.cleanedMetadata(),
            producer: takeGString(poppler_document_get_producer(document))?.cleanedMetadata(),
            created: date(poppler_document_get_creation_date(document)),
            modified: date(poppler_document_get_modification_date(document)),
            language: takeGString(poppler_document_get_metadata(document)).flatMap(XMPLanguage.first(in:)))
    }

    /// The page at a 0-based index, or nil when poppler cannot build it
    /// (broken page trees yield holes).
    public func page(at index: Int) -> PDFPage? {
        guard index >= 0, index < pageCount, let page = poppler_document_get_page(document, Int32(index)) else {
            return nil
        }
        return PDFPage(page, index: index, owner: self)
    }
}
