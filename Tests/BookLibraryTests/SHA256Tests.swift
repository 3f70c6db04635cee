@testable import BookLibrary
import Foundation
import TestSupport
import XCTest

final class SHA256Tests: XCTestCase {
    func testKnownDigests() throws {
        func digest(_ text: String) -> String {
            var hasher = SHA256()
            hasher.update(Array(text.utf8))
            return hasher.finish()
        }
        XCTAssertEqual(digest(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(digest("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(digest("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// The SHA extensions' compression and the portable one give the same digests, whatever the lengths.
    func testHardwareAndPortableAgree() throws {
        guard SHA256.hardwareAvailable else { throw XCTSkip("this processor has no SHA extensions") }
        var generator = SeededGenerator(seed: 7)
        for size in Array(0...300) + [4095, 4096, 4097, 100_003] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
            var hardware = SHA256(hardware: true), portable = SHA256(hardware: false)
            // Fed in uneven pieces, so that blocks are made of a pending tail and a new piece.
            var offset = 0, piece = 1
            while offset < size {
                let end = min(size, offset + piece)
                hardware.update(Array(bytes[offset..<end]))
                portable.update(Array(bytes[offset..<end]))
                offset = end
                piece = piece * 3 + 1
            }
            XCTAssertEqual(hardware.finish(), portable.finish(), "size \(size)")
        }
    }

    func testFilesMatchSha256sumAcrossChunkAndBlockBoundaries() throws {
        let folder = try Fixtures.temporaryDirectory("sha")
        defer { try? FileManager.default.removeItem(at: folder) }
        for size in [0, 55, 56, 63, 64, 65, 1000, (1 << 20) + 7] {
            var generator = SeededGenerator(seed: UInt64(size + 1))
            let file = folder.appendingPathComponent("f\(size)")
            try Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: file)
            let expected = try Run.process("/usr/bin/sha256sum", [file.path]).stdout.split(separator: " ").first.map(String.init)
            XCTAssertEqual(try SHA256.hex(ofFileAt: file.path), expected, "size \(size)")
        }
        XCTAssertThrowsError(try SHA256.hex(ofFileAt: folder.appendingPathComponent("missing").path))
    }
}
