import BookLibrary
import CQPDF
import FileOutput
import Foundation

/// Why a PDF's metadata could not be written.
public enum MetadataWriteError: Error, Equatable, CustomStringConvertible {
    case qpdf(String, String)

    public var description: String {
        switch self {
        case .qpdf(let path, let message): return "\(path): cannot write its metadata (\(message))"
        }
    }
}

/// Writes title, authors, subject and keywords into a PDF's Info dictionary
/// and XMP packet with qpdf, leaving its pages untouched and its encryption
/// as it was. The result appears whole or not at all. Owns its `qpdf_data`.
public final class MetadataWriter {
    private var handle: qpdf_data?
    private let source: String
    /// QPDF_ERRORS, spelled out: Swift does not import its macro.
    private static let errorsBit: QPDF_ERROR_CODE = 1 << 1

    public init(source: String, password: String?) throws {
        self.source = source
        handle = qpdf_init()
        qpdf_silence_errors(handle)
        qpdf_set_suppress_warnings(handle, QPDF_TRUE)
        if qpdf_read(handle, source, password) & Self.errorsBit != 0 {
            throw MetadataWriteError.qpdf(source, lastError() ?? "cannot read the file")
        }
    }

    deinit { qpdf_cleanup(&handle) }

    /// Writes a copy with the new metadata to `destination` (which may be the source itself).
    public func write(_ metadata: EmbeddedMetadata, to destination: String, now: Date = Date()) throws {
        defer { qpdf_oh_release_all(handle) }
        let trailer = qpdf_get_trailer(handle)
        var info = qpdf_oh_get_key(handle, trailer, "/Info")
        if qpdf_oh_is_dictionary(handle, info) == 0 {
            info = qpdf_make_indirect_object(handle, qpdf_oh_new_dictionary(handle))
            qpdf_oh_replace_key(handle, trailer, "/Info", info)
        }
        func set(_ key: String, _ value: String?) {
            if let value { qpdf_oh_replace_key(handle, info, key, qpdf_oh_new_unicode_string(handle, value)) }
        }
        set("/Title", metadata.title)
        set("/Author", metadata.authors.isEmpty ? nil : metadata.authors.joined(separator: ", "))
        set("/Subject", metadata.subject)
        set("/Keywords", metadata.keywords)
        set("/ModDate", Self.pdfDate(now))

        let root = qpdf_get_root(handle)
        let packet = XMPPacket.updating(existingPacket(root), with: metadata, modified: now)
        let stream = qpdf_oh_new_stream(handle)
        let bytes = Array(packet.utf8)
        bytes.withUnsafeBufferPointer {
            qpdf_oh_replace_stream_data(handle, stream, $0.baseAddress, $0.count, qpdf_oh_new_null(handle), qpdf_oh_new_null(handle))
        }
        let dictionary = qpdf_oh_get_dict(handle, stream)
        qpdf_oh_replace_key(handle, dictionary, "/Type", qpdf_oh_new_name(handle, "/Metadata"))
        qpdf_oh_replace_key(handle, dictionary, "/Subtype", qpdf_oh_new_name(handle, "/XML"))
        qpdf_oh_replace_key(handle, root, "/Metadata", stream)
        if qpdf_has_error(handle) != 0 { throw MetadataWriteError.qpdf(source, lastError() ?? "cannot change the document") }

        try AtomicFile.write(to: destination) { temporary in
            guard qpdf_init_write(handle, temporary) & Self.errorsBit == 0 else {
                throw MetadataWriteError.qpdf(source, lastError() ?? "cannot write \(temporary)")
            }
            qpdf_set_preserve_encryption(handle, QPDF_TRUE)
            guard qpdf_write(handle) & Self.errorsBit == 0 else {
                throw MetadataWriteError.qpdf(source, lastError() ?? "cannot write")
            }
        }
    }

    private func existingPacket(_ root: qpdf_oh) -> String? {
        guard qpdf_oh_has_key(handle, root, "/Metadata") != 0 else { return nil }
        let stream = qpdf_oh_get_key(handle, root, "/Metadata")
        guard qpdf_oh_is_stream(handle, stream) != 0 else { return nil }
        var filtered: QPDF_BOOL = QPDF_FALSE
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        guard qpdf_oh_get_stream_data(handle, stream, qpdf_dl_generalized, &filtered, &buffer, &length) & Self.errorsBit == 0,
              let buffer else { return nil }
        defer { free(buffer) }
        return String(bytes: UnsafeBufferPointer(start: buffer, count: length), encoding: .utf8)
    }

    static func pdfDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMddHHmmss"
        return "D:" + formatter.string(from: date) + "Z"
    }

    private func lastError() -> String? {
        guard qpdf_has_error(handle) != 0, let error = qpdf_get_error(handle),
              let text = qpdf_get_error_full_text(handle, error) else { return nil }
        return String(cString: text)
    }
}
