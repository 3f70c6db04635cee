import CZlib
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
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: 4 + Int(capacity))
        // The original length first, so that reading knows the buffer to give zlib.
        withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { output.replaceSubrange(0..<4, with: $0) }
        let status = output.withUnsafeMutableBufferPointer { buffer in
            compress2(buffer.baseAddress! + 4, &capacity, bytes, uLong(bytes.count), 6)
        }
        guard status == Z_OK, Int(capacity) + 4 < bytes.count else { return .text(text) }
        return .blob(Array(output.prefix(4 + Int(capacity))))
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
            guard blob.count > 4 else { throw StoredTextError("\(blob.count) bytes, shorter than its header") }
            let length = blob.prefix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
            // zlib never deflates better than about 1032:1; a larger length is a damaged header, not a size to allocate.
            guard length <= (blob.count - 4) * 1032 else { throw StoredTextError("a length of \(length) bytes in its header") }
            var outputLength = uLong(length)
            var output = [UInt8](repeating: 0, count: max(length, 1))
            let status = blob.withUnsafeBufferPointer { input in
                uncompress(&output, &outputLength, input.baseAddress! + 4, uLong(blob.count - 4))
            }
            guard status == Z_OK else { throw StoredTextError("zlib: \(String(cString: zError(status)))") }
            guard Int(outputLength) == length else {
                throw StoredTextError("\(outputLength) bytes where its header says \(length)")
            }
            guard let text = String(validating: output.prefix(length), as: UTF8.self) else {
                throw StoredTextError("not UTF-8")
            }
            return text
        case .integer, .real:
            throw StoredTextError("a number where text belongs")
        }
    }
}
