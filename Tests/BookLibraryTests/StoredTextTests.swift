@testable import BookLibrary
import CZlib
import Deflate
import LZ4
import Store
import XCTest

final class StoredTextTests: XCTestCase {
    func testLongTextIsStoredAsLZ4AndComesBackIdentical() {
        let text = String(repeating: "The keeper trimmed the wick of the great lens. 東京の図書館で résumé. 😀\n", count: 40)
        let stored = StoredText.encode(text)
        guard case .blob(let bytes) = stored else { return XCTFail("long text is compressed") }
        XCTAssertLessThan(bytes.count, text.utf8.count / 4)
        XCTAssertEqual(bytes[3] & 0x80, 0x80, "the length's top bit says LZ4")
        XCTAssertEqual(Array(bytes[0..<3]), Array(withUnsafeBytes(of: UInt32(text.utf8.count).littleEndian, Array.init)[0..<3]))
        XCTAssertFalse(StoredText.isDeflated(stored))
        XCTAssertEqual(try StoredText.decode(stored), text)
    }

    /// Libraries written before LZ4 hold zlib streams (zlib's before libdeflate,
    /// libdeflate's since; bench/make-corpus.py's too): they read as before.
    func testDeflatedTextFromBeforeLZ4ReadsAsBefore() throws {
        let text = String(repeating: "Lighthouse keepers' logs, 1890–1910: ﬁre, fog and the œil-de-bœuf. ", count: 30)
        let deflated = SQLValue.blob(Self.deflated(Array(text.utf8)))
        XCTAssertTrue(StoredText.isDeflated(deflated))
        XCTAssertEqual(try StoredText.decode(deflated), text)
        XCTAssertEqual(try StoredText.withBytes(deflated) { Array($0) }, Array(text.utf8))
    }

    /// Search's way in: the same bytes as `decode`, without the UTF-8 check.
    func testBytesAreWhatDecodeGivesWithoutTheUTF8Check() throws {
        let text = String(repeating: "Fog over the headland; the keeper’s log, page 3. ", count: 10)
        for value in [StoredText.encode(text), .text("Page 3"), .null] {
            XCTAssertEqual(try StoredText.withBytes(value) { Array($0) }, Array(try StoredText.decode(value).utf8))
        }
        var latin1 = [UInt8](repeating: 0xE9, count: 200)
        latin1[0] = 0x41
        XCTAssertEqual(try StoredText.withBytes(.blob(Self.deflated(latin1))) { Array($0) }, latin1)
        XCTAssertEqual(try StoredText.withBytes(.blob(Self.lz4(latin1))) { Array($0) }, latin1)
        XCTAssertThrowsError(try StoredText.withBytes(.blob([5, 0, 0, 0, 0x78, 0x9C, 1])) { _ in () }) {
            XCTAssertEqual(($0 as? StoredTextError)?.reason, "damaged deflate data")
        }
    }

    func testShortTextAndTextFromBeforeCompressionStayPlain() {
        XCTAssertEqual(StoredText.encode("Page 3"), .text("Page 3"))
        XCTAssertEqual(try StoredText.decode(.text("written by an older ibook")), "written by an older ibook")
        XCTAssertEqual(try StoredText.decode(.null), "", "no row, no text")
    }

    /// Damage is an error, never "" (a page with no text), which would hide it.
    func testDamagedValuesFailWithTheirReason() throws {
        let text = String(repeating: "The keeper trimmed the wick of the great lens.\n", count: 20)
        guard case .blob(var bytes) = StoredText.encode(text) else { return XCTFail("compressed") }
        func reason(_ value: SQLValue) -> String? {
            do {
                _ = try StoredText.decode(value)
                return nil
            } catch {
                return (error as? StoredTextError)?.reason
            }
        }
        XCTAssertEqual(reason(.blob([1, 2, 3])), "3 bytes, shorter than its header")
        XCTAssertEqual(reason(.blob([5, 0, 0, 0, 0x78, 0x9C, 1])), "damaged deflate data")
        XCTAssertEqual(reason(.blob([0xFF, 0xFF, 0xFF, 0x7F, 0x78, 0x9C])), "a length of 2147483647 bytes in its header",
                       "a damaged length is not allocated")
        XCTAssertEqual(reason(.blob([0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0, 0x10])), "a length of 2147483647 bytes in its header")
        XCTAssertEqual(reason(.blob([0x05, 0, 0, 0x80, 0, 0, 0])), "7 bytes, shorter than its header")
        XCTAssertEqual(reason(.integer(7)), "a number where text belongs")
        var deflated = Self.deflated(Array(text.utf8))
        deflated[0] &-= 1
        XCTAssertEqual(reason(.blob(deflated)), "more bytes than its header says (\(text.utf8.count - 1))")
        deflated[0] &+= 2
        XCTAssertEqual(reason(.blob(deflated)), "fewer bytes than its header says (\(text.utf8.count + 1))")
        var shorter = bytes
        shorter[0] &-= 1
        XCTAssertEqual(reason(.blob(shorter)), "damaged LZ4 data", "LZ4 stops before it writes past the length")
        var longer = bytes
        longer[0] &+= 1
        XCTAssertEqual(reason(.blob(longer)), "fewer bytes than its header says (\(text.utf8.count + 1))")
        var checksum = bytes
        checksum[5] ^= 0x01
        XCTAssertEqual(reason(.blob(checksum)), "its checksum does not match what it holds")
        bytes[bytes.count - 3] ^= 0x55
        XCTAssertEqual(reason(.blob(bytes)), "its checksum does not match what it holds",
                       "a flipped byte of text is caught (LZ4 blocks have no checksum of their own)")
        let notUTF8 = StoredText.encode(String(repeating: "x", count: 200))
        guard case .blob = notUTF8 else { return XCTFail("compressed") }
        var latin1 = [UInt8](repeating: 0xE9, count: 200)
        latin1[0] = 0x41
        XCTAssertEqual(reason(.blob(Self.deflated(latin1))), "not UTF-8")
        XCTAssertEqual(reason(.blob(Self.lz4(latin1))), "not UTF-8")
    }

    /// Bytes as `StoredText.encode` stores text, whatever they are.
    private static func lz4(_ bytes: [UInt8]) -> [UInt8] {
        let header = withUnsafeBytes(of: (UInt32(bytes.count) | 0x8000_0000).littleEndian, Array.init)
        let block = bytes.withUnsafeBytes { LZ4Compressor.block($0) }
        return header + withUnsafeBytes(of: bytes.withUnsafeBytes(CRC32.checksum).littleEndian, Array.init) + block
    }

    private static func deflated(_ bytes: [UInt8]) -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        _ = compress2(&output, &capacity, bytes, uLong(bytes.count), 6)
        return withUnsafeBytes(of: UInt32(bytes.count).littleEndian, Array.init) + output.prefix(Int(capacity))
    }
}
