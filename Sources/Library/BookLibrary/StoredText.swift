import Deflate
import FoundationEssentials
import Glibc
import LZ4
import Store

/// Page text as kept in the library: an LZ4 block, which makes the library
/// about a quarter smaller (the text is most of it) and reads back at
/// gigabytes a second, where inflating deflate spent a fifth of a common
/// word's search. Values written before compression, or too short to gain
/// from it, are plain TEXT and read as is; libraries written before LZ4
/// hold zlib streams, read as well (`13-lz4-page-text` re-stores them).
///
/// A blob starts with the text's length (UInt32, little-endian). With its
/// top bit set (LZ4), the text's CRC-32 follows, then the block: LZ4 has
/// no checksum of its own, and damage must be an error, never other text.
/// Without it (deflate), a zlib stream follows, checked by its Adler-32.
package enum StoredText {
    /// Shorter text is stored as it is: the header would not pay.
    static let threshold = 96

    private static let lz4Flag: UInt32 = 0x8000_0000
    private static let lz4HeaderSize = 8

    package static func encode(_ text: String) -> SQLValue {
        let bytes = Array(text.utf8)
        guard bytes.count >= threshold, UInt32(exactly: bytes.count).map({ $0 < lz4Flag }) == true else { return .text(text) }
        let (block, checksum) = bytes.withUnsafeBytes { (LZ4Compressor.block($0), CRC32.checksum($0)) }
        guard block.count + lz4HeaderSize < bytes.count else { return .text(text) }
        return .blob(littleEndian(UInt32(bytes.count) | lz4Flag) + littleEndian(checksum) + block)
    }

    /// Whether a stored value is a zlib stream (written before LZ4), which `13-lz4-page-text` re-stores.
    package static func isDeflated(_ value: SQLValue) -> Bool {
        guard case .blob(let blob) = value, blob.count > 4 else { return false }
        return header(blob, at: 0) & lz4Flag == 0
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
            guard let text = String(validating: try decompressed(blob), as: UTF8.self) else {
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
    /// a String, the checksum catches damage since, and whoever reads
    /// the bytes decodes them with repair.
    package static func withBytes<Result>(_ value: SQLValue, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) throws -> Result {
        switch value {
        case .null:
            return try body(UnsafeBufferPointer(start: nil, count: 0))
        case .text(var text):
            return try text.withUTF8(body)
        case .blob(let blob):
            return try decompressed(blob).withUnsafeBufferPointer(body)
        case .integer, .real:
            throw StoredTextError("a number where text belongs")
        }
    }

    private static func decompressed(_ blob: [UInt8]) throws -> [UInt8] {
        guard blob.count > 4 else { throw StoredTextError("\(blob.count) bytes, shorter than its header") }
        let first = header(blob, at: 0)
        return first & lz4Flag != 0 ? try lz4(blob, length: Int(first & ~lz4Flag)) : try inflated(blob, length: Int(first))
    }

    private static func lz4(_ blob: [UInt8], length: Int) throws -> [UInt8] {
        guard blob.count > lz4HeaderSize else { throw StoredTextError("\(blob.count) bytes, shorter than its header") }
        // An LZ4 block never does better than 255:1; a larger length is a damaged header, not a size to allocate.
        guard length <= (blob.count - lz4HeaderSize) * 255 else { throw StoredTextError("a length of \(length) bytes in its header") }
        let text = try [UInt8](unsafeUninitializedCapacity: length) { output, count in
            do {
                try blob.withUnsafeBytes { input in
                    try LZ4Decompression.block(UnsafeRawBufferPointer(rebasing: input[lz4HeaderSize...]),
                                               into: UnsafeMutableRawBufferPointer(output))
                }
            } catch let error as LZ4Error {
                switch error {
                case .damaged: throw StoredTextError("damaged LZ4 data")
                case .shorterThanExpected: throw StoredTextError("fewer bytes than its header says (\(length))")
                }
            }
            count = length
        }
        guard text.withUnsafeBytes(CRC32.checksum) == header(blob, at: 4) else {
            throw StoredTextError("its checksum does not match what it holds")
        }
        return text
    }

    private static func inflated(_ blob: [UInt8], length: Int) throws -> [UInt8] {
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

    private static func header(_ blob: [UInt8], at offset: Int) -> UInt32 {
        blob[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian, Array.init)
    }
}
