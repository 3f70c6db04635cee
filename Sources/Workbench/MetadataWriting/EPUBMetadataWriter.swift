import BookLibrary
import FileNames
import FileOutput
import Foundation
import ReflowDocuments

/// Why an EPUB's metadata could not be written.
public enum EPUBMetadataWriteError: Error, Equatable, CustomStringConvertible {
    case unreadable(String, String)
    case noPackage(String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "\(path): cannot write its metadata (\(reason))"
        case .noPackage(let path): return "\(path): cannot write its metadata (its package document has no <metadata>)"
        }
    }
}

/// Writes title, authors, subject and keywords into an EPUB's package document (OPF):
/// a new zip with every other entry copied byte for byte, `mimetype` first and stored,
/// written beside the destination and renamed into place, so it appears whole or not at all.
public struct EPUBMetadataWriter {
    /// Larger books are not read whole into memory to be rewritten.
    static let largestBook = 1 << 30

    private let source: String

    public init(source: String) {
        self.source = source
    }

    public func write(_ metadata: EmbeddedMetadata, to destination: String, now: Date = Date()) throws {
        let document = try ReflowDocument(path: source)
        guard let package = try document.packageDocument() else { throw EPUBMetadataWriteError.noPackage(source) }
        var editor = OPFEditor(package.bytes)
        do { try editor.apply(metadata, now: now) } catch { throw EPUBMetadataWriteError.noPackage(source) }
        guard let size = FileName.size(source), size <= Self.largestBook else {
            throw EPUBMetadataWriteError.unreadable(source, "larger than \(Self.largestBook >> 20) MB")
        }
        guard let zip = FileManager.default.contents(atPath: source) else {
            throw EPUBMetadataWriteError.unreadable(source, "cannot be read")
        }
        let rewritten: [UInt8]
        do {
            rewritten = try ZipRewriter.rewrite(Array(zip), replacing: package.path, with: editor.bytes)
        } catch ZipRewriter.Failure.damaged(let reason) {
            throw EPUBMetadataWriteError.unreadable(source, reason)
        }
        try AtomicFile.write(Data(rewritten), to: destination)
    }
}
