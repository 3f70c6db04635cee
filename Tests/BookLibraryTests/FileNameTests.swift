import FileNames
import XCTest

final class FileNameTests: XCTestCase {
    func testEveryByteSequenceComesBackAsItWas() {
        var generator = SystemRandomNumberGenerator()
        let samples: [[UInt8]] = [
            Array("plain.pdf".utf8), Array("café.pdf".utf8), [0x63, 0x61, 0x66, 0xE9], [0xFF, 0xFE, 0x80],
            [0xE2, 0x82], [0xF4, 0x8F, 0xBF, 0xA9], Array("x\u{10FFE9}y".utf8), [0xC0, 0xAF], [0xED, 0xA0, 0x80],
        ] + (0..<500).map { _ in (0..<Int.random(in: 1...12, using: &generator)).map { _ in UInt8.random(in: 1...255, using: &generator) } }
        for bytes in samples {
            let name = FileName.string(bytes)
            XCTAssertEqual(FileName.bytes(name), bytes, "\(bytes)")
        }
        XCTAssertEqual(FileName.string(Array("café.pdf".utf8)), "café.pdf", "UTF-8 names are the text they are")
        XCTAssertFalse(FileName.hasRawBytes("café.pdf"))
        XCTAssertNotEqual(FileName.string([0x78, 0xE9]), FileName.string(Array("x\u{10FFE9}".utf8)),
                          "a name holding the escape characters is not the raw name they stand for")
    }

    func testShownAsGitQuotesThemAndReadAsLatin1() {
        let name = FileName.string(Array("/a/\"q\"\\caf".utf8) + [0xE9] + Array(".pdf".utf8))
        XCTAssertEqual(FileName.displayed(name), #""/a/\"q\"\\caf\351.pdf""#)
        XCTAssertEqual(FileName.displayed("/a/\"q\".pdf"), "/a/\"q\".pdf", "text names are shown as they are")
        XCTAssertEqual(FileName.readable(FileName.string([0x63, 0x61, 0x66, 0xE9])), "café")
    }
}
