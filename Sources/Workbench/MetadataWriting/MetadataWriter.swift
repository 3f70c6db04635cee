import BookLibrary
import CQPDF
import QPDF
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
/// as it was. The result appears whole or not at all.
public struct MetadataWriter {
    private let document: QPDFDocument
    private let source: String

    public init(source: String, password: String?) throws {
        self.source = source
        do {
            document = try QPDFDocument(path: source, password: password)
        } catch let error as QPDFError {
            throw MetadataWriteError.qpdf(source, error.message)
        }
    }

    /// Writes a copy with the new metadata to `destination` (which may be the source itself).
    public func write(_ metadata: EmbeddedMetadata, to destination: String, now: Date = Date()) throws {
        do {
            try change(metadata, now: now, writingTo: destination)
        } catch let error as QPDFError {
            throw MetadataWriteError.qpdf(source, error.message)
        }
    }

    private func change(_ metadata: EmbeddedMetadata, now: Date, writingTo destination: String) throws {
        let handle = document.handle
        defer { document.releaseObjects() }
        let trailer = document.trailer
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

        let root = document.root
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
        try document.check(orSay: "cannot change the document")

        try AtomicFile.write(to: destination) { temporary in
            try document.write(to: temporary, preservingEncryption: true)
        }
    }

    private func existingPacket(_ root: qpdf_oh) -> String? {
        guard let stream = document.direct(root, "/Metadata"), let bytes = document.streamData(stream) else { return nil }
        return String(bytes: bytes, encoding: .utf8)
    }

    static func pdfDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMddHHmmss"
        return "D:" + formatter.string(from: date) + "Z"
    }
}
