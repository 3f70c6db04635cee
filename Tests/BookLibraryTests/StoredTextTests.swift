@testable import BookLibrary
import CZlib
import Store
import XCTest

final class StoredTextTests: XCTestCase {
    func testLongTextIsDeflatedAndComesBackIdentical() {
        let text = String(repeating: "The keeper trimmed the wick of the great lens. 東京の図書館で résumé. 😀\n", count: 40)
        let stored = StoredText.encode(text)
        guard case .blob(let bytes) = stored else { return XCTFail("long text is compressed") }
        XCTAssertLessThan(bytes.count, text.utf8.count / 4)
        XCTAssertEqual(try StoredText.decode(stored), text)
    }

    /// Libraries written by zlib (ibook before libdeflate, bench/make-library.py)
    /// read as before, and what libdeflate writes is a zlib stream zlib reads.
    func testZlibAndLibdeflateReadEachOther() throws {
        let text = String(repeating: "Lighthouse keepers' logs, 1890–1910: ﬁre, fog and the œil-de-bœuf. ", count: 30)
        XCTAssertEqual(try StoredText.decode(.blob(Self.deflated(Array(text.utf8)))), text)
        guard case .blob(let stored) = StoredText.encode(text) else { return XCTFail("compressed") }
        var length = uLong(text.utf8.count)
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = Array(stored.dropFirst(4)).withUnsafeBufferPointer { uncompress(&output, &length, $0.baseAddress, uLong($0.count)) }
        XCTAssertEqual(status, Z_OK)
        XCTAssertEqual(String(decoding: output.prefix(Int(length)), as: UTF8.self), text)
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
        XCTAssertEqual(reason(.integer(7)), "a number where text belongs")
        var wrongLength = bytes
        wrongLength[0] &-= 1
        XCTAssertEqual(reason(.blob(wrongLength)), "more bytes than its header says (\(text.utf8.count - 1))")
        var longerLength = bytes
        longerLength[0] &+= 1
        XCTAssertEqual(reason(.blob(longerLength)), "fewer bytes than its header says (\(text.utf8.count + 1))")
        bytes[bytes.count - 3] ^= 0x55
        XCTAssertNotNil(reason(.blob(bytes)), "a flipped byte is caught (by the Adler-32 checksum)")
        let notUTF8 = StoredText.encode(String(repeating: "x", count: 200))
        guard case .blob = notUTF8 else { return XCTFail("compressed") }
        var latin1 = [UInt8](repeating: 0xE9, count: 200)
        latin1[0] = 0x41
        XCTAssertEqual(reason(.blob(Self.deflated(latin1))), "not UTF-8")
    }

    private static func deflated(_ bytes: [UInt8]) -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        _ = compress2(&output, &capacity, bytes, uLong(bytes.count), 6)
        return withUnsafeBytes(of: UInt32(bytes.count).littleEndian, Array.init) + output.prefix(Int(capacity))
    }
}
