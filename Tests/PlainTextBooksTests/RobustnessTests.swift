import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PlainTextBooks
import XCTest

/// Damaged and random bytes never crash: they are text with U+FFFD, or an error, and what is text
/// makes well-formed XHTML and chapters that point inside it.
final class RobustnessTests: XCTestCase {
    /// A fixed sequence, so that a failure happens again on the next run.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state ^ (state >> 29)
        }
    }

    private func check(_ bytes: [UInt8], _ label: String) {
        guard let book = try? PlainTextBook(bytes: bytes) else { return }
        let length = book.text.utf8.count
        for chapter in book.chapters { XCTAssertTrue((0..<length).contains(chapter.offset), label) }
        let parser = XMLParser(data: Data(book.xhtml()))
        XCTAssertTrue(parser.parse(), "\(label): \(String(describing: parser.parserError))")
    }

    func testDamagedBooksInEveryEncoding() {
        var random = Generator(state: 42)
        let books: [(String, String)] = [
            (BookFixtures.chinese, "UTF-8"), (BookFixtures.chinese, "GB18030"), (BookFixtures.traditional, "BIG5"),
            (BookFixtures.japanese, "SHIFT_JIS"), (BookFixtures.japanese, "EUC-JP"), (BookFixtures.korean, "EUC-KR"),
            (BookFixtures.chinese, "UTF-16LE"), (BookFixtures.gutenberg(title: "T", paragraphs: BookFixtures.windows1252Paragraphs), "WINDOWS-1252"),
        ]
        for (text, charset) in books {
            let original = BookFixtures.encode(text, as: charset)
            for round in 0..<25 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...20, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
                }
                bytes.removeLast(Int.random(in: 0..<min(bytes.count, 40), using: &random))
                check(bytes, "\(charset) round \(round)")
            }
        }
    }

    func testRandomBytes() {
        var random = Generator(state: 7)
        for round in 0..<200 {
            let count = Int.random(in: 1...3000, using: &random)
            // High bytes and line ends, as legacy-charset text is made of; NULs now and then.
            let bytes = (0..<count).map { _ -> UInt8 in
                switch Int.random(in: 0..<10, using: &random) {
                case 0: return 0x0A
                case 1...4: return UInt8.random(in: 0x20...0x7E, using: &random)
                default: return UInt8.random(in: 0x01...0xFF, using: &random)
                }
            }
            check(bytes, "random round \(round)")
        }
    }
}
