import Deflate
import FoundationEssentials
import Glibc
import Store

/// Page text as kept in the library: deflated, which makes the library
/// about a third smaller (the text is most of it). Values written before
/// compression, or too short to gain from it, are plain TEXT and read as is.
package enum StoredText {
    /// Shorter text is stored as it is: the deflate header would not pay.
    static let threshold = 96

    package static func encode(_ text: String) -> SQLValue {
        let bytes = Array(text.utf8)
        guard bytes.count >= threshold, bytes.count < Int(UInt32.max) else { return .text(text) }
        let deflated = bytes.withUnsafeBytes { Deflater.zlib($0, level: 6) }
        guard deflated.count + 4 < bytes.count else { return .text(text) }
        // The original length first, so that reading knows the buffer to fill.
        return .blob(withUnsafeBytes(of: UInt32(bytes.count).littleEndian, Array.init) + deflated)
    }

    /// The text of a stored value; NULL (no row) is no text. Throws
    /// `StoredTextError` for a value that is not what `encode` writes.
    package static func decode(_ value: SQLValue) throws -> String {
        switch value {
        case .null:
            return ""
        case .text(let text):
            return text
        case .blob(let blob):
            guard let text = String(validating: try inflated(blob), as: UTF8.self) else {
                throw StoredTextError("not UTF-8")
            }
            return text
        case .integer, .real:
            throw StoredTextError("a number where text belongs")
        }
    }

    /// The UTF-8 bytes of a stored value, handed to `body` without being
    /// checked to be UTF-8: search reads every page that matches, and the
    /// check cost it as much as its matching. What `encode` wrote came from
    /// a String, the Adler-32 check catches damage since, and whoever reads
    /// the bytes decodes them with repair.
    package static func withBytes<Result>(_ value: SQLValue, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        switch value {
        case .null:
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        case .text(var text):
            return try text.withUTF8(body)
        case .blob(let blob):
            return try inflated(blob).withUnsafeBufferPointer(body)
        case .integer, .real:
            throw StoredTextError("a number where text belongs")
        }
    }

    private static func inflated(_ blob: [UInt8]) throws -> [UInt8] {
        guard blob.count > 4 else { throw StoredTextError("\(blob.count) bytes, shorter than its header") }
        let length = blob.prefix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
        // Deflate never does better than about 1032:1; a larger length is a damaged header, not a size to allocate.
        guard length <= (blob.count - 4) * 1032 else { throw StoredTextError("a length of \(length) bytes in its header") }
        return try [UInt8](unsafeUninitializedCapacity: length) { output, count in
            do {
                try blob.withUnsafeBytes { input in
                    try Inflater.zlib(UnsafeRawBufferPointer(rebasing: input[4...]), into: UnsafeMutableRawBufferPointer(output))
                }
            } catch let error as InflateError {
                switch error {
                case .damaged: throw StoredTextError("damaged deflate data")
                case .shorterThanExpected: throw StoredTextError("fewer bytes than its header says (\(length))")
                case .longerThanExpected: throw StoredTextError("more bytes than its header says (\(length))")
                }
            }
            count = length
        }
    }
}
