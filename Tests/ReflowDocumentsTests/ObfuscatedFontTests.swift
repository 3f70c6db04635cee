import Foundation
import Raster
@testable import ReflowDocuments
import TestSupport
import XCTest

/// Fonts an EPUB obfuscates (IDPF's algorithm, Adobe's) are made whole when the book is opened, and
/// its pages are drawn in them: The Waste Land of IDPF's samples against copies made by hand.
final class ObfuscatedFontTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try TestBooks.folder()
    }

    override func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func testSHA1() {
        func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }
        XCTAssertEqual(hex(SHA1.digest([])), "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        XCTAssertEqual(hex(SHA1.digest(Array("abc".utf8))), "a9993e364706816aba3e25717850c26c9cd0d89d")
        // Two blocks of padding, and many blocks.
        XCTAssertEqual(hex(SHA1.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))),
                       "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        XCTAssertEqual(hex(SHA1.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))),
                       "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    func testKeysAsOCFAndAdobeMakeThem() throws {
        // IDPF: the SHA-1 of the unique identifier with its white space (space, tab, CR, LF) removed, over 1040 bytes.
        let idpf = try XCTUnwrap(ObfuscatedFonts.key(for: ObfuscatedFonts.idpf, uniqueIdentifier: " urn:isbn: 978\t0\r\n", identifiers: []))
        XCTAssertEqual(idpf.key, SHA1.digest(Array("urn:isbn:9780".utf8)))
        XCTAssertEqual(idpf.span, 1040)
        XCTAssertNil(ObfuscatedFonts.key(for: ObfuscatedFonts.idpf, uniqueIdentifier: nil, identifiers: []))
        // Adobe: the 16 bytes of the book's UUID, over 1024 bytes, from whichever identifier is one.
        let adobe = try XCTUnwrap(ObfuscatedFonts.key(for: ObfuscatedFonts.adobe, uniqueIdentifier: "isbn-0",
                                                      identifiers: ["urn:uuid:00112233-4455-6677-8899-AABBCCDDEEFF"]))
        XCTAssertEqual(adobe.key, [0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF])
        XCTAssertEqual(adobe.span, 1024)
        XCTAssertNil(ObfuscatedFonts.uuidBytes("urn:uuid:0011-not-a-uuid"))
        XCTAssertNil(ObfuscatedFonts.key(for: "http://www.w3.org/2001/04/xmlenc#aes128-cbc", uniqueIdentifier: "x", identifiers: []))
    }

    /// The Waste Land's three OldStandard fonts are obfuscated with IDPF's algorithm and declared in a
    /// stylesheet its own imports. Its page is drawn exactly as from a copy whose fonts were made whole
    /// here (with sha1sum's key) and whose @import was written out, and not as from the same copy with
    /// the fonts left obfuscated, which MuPDF cannot load and replaces with its own sans-serif.
    func testTheWasteLandIsDrawnInItsOwnFonts() throws {
        let corpus = try Fixtures.requireCorpus("IDPF's EPUB 3 samples")
        let original = corpus.appendingPathComponent("epub/wasteland-otf-obf.epub").path
        guard FileManager.default.fileExists(atPath: original) else { throw XCTSkip("the corpus has no epub/wasteland-otf-obf.epub") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unzip"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/sha1sum") else { throw XCTSkip("needs unzip and sha1sum") }
        let unpacked = folder.appendingPathComponent("unpacked")
        XCTAssertEqual(try Run.process("/usr/bin/unzip", ["-q", original, "-d", unpacked.path]).status, 0)
        let names = try Run.process("/usr/bin/unzip", ["-Z1", original]).stdoutLines.filter { !$0.hasSuffix("/") }
        let fonts = names.filter { $0.hasSuffix(".obf.otf") }
        XCTAssertEqual(fonts.count, 3)
        let digest = try Run.process("/usr/bin/sha1sum", [], stdin: "code.google.com.epub-samples.wasteland-otf-obfuscated")
        let hex = Array(digest.stdout.prefix(40))
        let key = stride(from: 0, to: 40, by: 2).map { UInt8(String(hex[$0...$0 + 1]), radix: 16)! }

        func copy(_ name: String, deobfuscating: Bool) throws -> String {
            let entries = try names.filter { $0 != "META-INF/encryption.xml" }.map { entry -> TestZip.Entry in
                var bytes = [UInt8](try Data(contentsOf: unpacked.appendingPathComponent(entry)))
                // MuPDF ignores @import: its @font-face rules are written into the stylesheet that imports them.
                if entry == "EPUB/wasteland.css" {
                    let imported = try String(contentsOf: unpacked.appendingPathComponent("EPUB/fonts.css"), encoding: .utf8)
                    let css = String(decoding: bytes, as: UTF8.self)
                    XCTAssertTrue(css.contains("@import \"fonts.css\";"))
                    bytes = Array(css.replacingOccurrences(of: "@import \"fonts.css\";", with: imported + "\n").utf8)
                }
                if deobfuscating, fonts.contains(entry) {
                    for index in 0..<min(1040, bytes.count) { bytes[index] ^= key[index % key.count] }
                    XCTAssertEqual(Array(bytes.prefix(4)), Array("OTTO".utf8), "\(entry) made whole is an OpenType font")
                }
                return TestZip.Entry(entry, bytes)
            }
            let path = folder.appendingPathComponent(name).path
            try Data(TestZip.make(entries)).write(to: URL(fileURLWithPath: path))
            return path
        }
        let book = try ReflowDocument(path: original)
        let byHand = try ReflowDocument(path: try copy("by-hand.epub", deobfuscating: true))
        let fallback = try ReflowDocument(path: try copy("fallback.epub", deobfuscating: false))
        let page = try XCTUnwrap((1...5).first { book.pageText($0).contains("April is the cruellest month") })
        XCTAssertEqual(book.pageCount, byHand.pageCount)
        XCTAssertEqual(book.pageText(page), byHand.pageText(page))
        let size = book.pixelSize(page: page, fittingWidth: 600, height: 800)
        let drawn = try book.render(page: page, width: size.width, height: size.height)
        XCTAssertEqual(drawn.pixels, try byHand.render(page: page, width: size.width, height: size.height).pixels,
                       "drawn in the fonts made whole by hand")
        let fallbackPage = try XCTUnwrap((1...5).first { fallback.pageText($0).contains("April is the cruellest month") })
        let other = try fallback.render(page: fallbackPage, width: size.width, height: size.height)
        let differing = stride(from: 0, to: drawn.pixels.count, by: 4).filter { drawn.pixels[$0] != other.pixels[$0] }.count
        XCTAssertGreaterThan(differing, 2000, "MuPDF's own fonts draw the same lines otherwise")

        // The same fonts obfuscated by Adobe's algorithm instead (the 16 bytes of the book's UUID over
        // 1024 bytes), its encryption.xml naming that algorithm: drawn the same.
        let uuid = "urn:uuid:5a1b2c3d-0e0f-4a4b-8c8d-1e2f3a4b5c6d"
        let uuidKey: [UInt8] = [0x5A, 0x1B, 0x2C, 0x3D, 0x0E, 0x0F, 0x4A, 0x4B, 0x8C, 0x8D, 0x1E, 0x2F, 0x3A, 0x4B, 0x5C, 0x6D]
        let adobeEntries = try names.map { entry -> TestZip.Entry in
            var bytes = [UInt8](try Data(contentsOf: unpacked.appendingPathComponent(entry)))
            func replace(_ old: String, _ new: String) {
                let text = String(decoding: bytes, as: UTF8.self)
                XCTAssertTrue(text.contains(old), entry)
                bytes = Array(text.replacingOccurrences(of: old, with: new).utf8)
            }
            if entry == "META-INF/encryption.xml" {
                replace(ObfuscatedFonts.idpf, ObfuscatedFonts.adobe)
            } else if entry == "EPUB/wasteland.opf" {
                replace(">code.google.com.epub-samples.wasteland-otf-obfuscated<", ">\(uuid)<")
            } else if fonts.contains(entry) {
                for index in 0..<min(1040, bytes.count) { bytes[index] ^= key[index % key.count] }
                for index in 0..<min(1024, bytes.count) { bytes[index] ^= uuidKey[index % uuidKey.count] }
            }
            return TestZip.Entry(entry, bytes)
        }
        let adobePath = folder.appendingPathComponent("adobe.epub").path
        try Data(TestZip.make(adobeEntries)).write(to: URL(fileURLWithPath: adobePath))
        let adobe = try ReflowDocument(path: adobePath)
        XCTAssertEqual(adobe.pageText(page), book.pageText(page))
        XCTAssertEqual(try adobe.render(page: page, width: size.width, height: size.height).pixels, drawn.pixels,
                       "Adobe's obfuscation undone as well")
    }
}
