import Foundation
import Glibc
import TestSupport
import XCTest

/// The books the tests read, written in the encodings they come in, in a temporary folder.
enum BookFixtures {
    static let chinese = """
    《青云志》
    作者：李明

    第一章 风起云涌

    　　天色渐渐暗了下来，城门外的小路上行人稀少。李青云背着一个旧布包，慢慢地走进了这座陌生的城市。
    　　他已经三天没有吃饭了，可是心里却一点也不着急。师父说过，到了京城，自然会有人来接他。

    第二章 夜雨

    　　夜里下起了雨。客栈的老板娘端来一碗热汤，笑着说：“客官，趁热喝吧。”
    　　李青云接过汤碗，道了一声谢。
    第三卷 京城
    第三章 故人
    　　第二天一早，他在街上遇见了一个熟悉的身影。
    第一节 重逢
    　　两人相视一笑，仿佛昨天才分别。

    后记

    　　写完这本书，已是深秋。

    """

    static let traditional = """
    《青雲志》
    作者：李明

    第一章 風起雲湧

    　　天色漸漸暗了下來，城門外的小路上行人稀少。李青雲背著一個舊布包，慢慢地走進了這座陌生的城市。
    　　他已經三天沒有吃飯了，可是心裡卻一點也不著急。師父說過，到了京城，自然會有人來接他。

    第二章 夜雨

    　　夜裡下起了雨。客棧的老闆娘端來一碗熱湯，笑著說：「客官，趁熱喝吧。」

    """

    static let japanese = """
    第一話 春の始まり

    　桜の花が咲き始めた頃、私は初めてこの町にやって来た。駅のホームには誰もいなかった。
    　「ようこそ」と小さな声が聞こえた。振り返ると、白い猫がこちらを見ていた。

    第3章 夏祭り

    　夏になると、町は祭りの準備で忙しくなった。子供たちは毎日、神社の境内で太鼓の練習をしていた。

    """

    static let korean = """
    제1장 시작

    봄이 오면 우리는 다시 만날 것이다. 그는 작은 마을의 오래된 집에서 혼자 살고 있었다.
    아침마다 그는 강가를 따라 걸으며 하루를 시작했다.

    제2장 여름

    여름이 되자 마을은 축제 준비로 바빠졌다. 아이들은 매일 신사에서 북을 연습했다.

    """

    /// A Project Gutenberg book: header, contents, two chapters hard-wrapped at 70 columns, footer and licence.
    static func gutenberg(title: String, paragraphs: [[String]]) -> String {
        var text = """
        The Project Gutenberg eBook of \(title), by Jane Doe

        This eBook is for the use of anyone anywhere in the United States and
        most other parts of the world at no cost and with almost no restrictions
        whatsoever.

        Title: \(title)

        Author: Jane Doe

        Release date: May 1, 2001 [eBook #12345]

        *** START OF THE PROJECT GUTENBERG EBOOK \(title.uppercased()) ***

        CONTENTS

         CHAPTER I.     The Beginning
         CHAPTER II.    The Middle


        """
        for (number, chapter) in ["I.", "II."].enumerated() {
            text += "CHAPTER \(chapter)\n\n\(["The Beginning", "The Middle"][number])\n\n"
            for paragraph in paragraphs[number] { text += wrapped(paragraph, at: 70) + "\n\n" }
        }
        text += """
        *** END OF THE PROJECT GUTENBERG EBOOK \(title.uppercased()) ***

        Updated editions will replace the previous one.

        CHAPTER 99

        Section 1. General Terms of Use and Redistributing Project Gutenberg
        electronic works.

        """
        return text
    }

    static let windows1252Paragraphs: [[String]] = [
        ["“Well,” said Alice, “I don’t think so.” It was a very long time before anybody spoke again, and then the Queen said the thing that nobody had expected her to say, which was odd—even for her.",
         "A second paragraph follows, which is also wrapped at about seventy columns so that the hard wrapping has enough lines to be seen, and it goes on for a while."],
        ["She read the chapter twice before she understood that it was about her, and then she put the book down and looked out of the window for a long time.",
         "“Nothing,” said the King. “Nothing whatever?” persisted the Queen, and the whole court went quiet, waiting for the answer that never came."],
    ]

    static let latin1Paragraphs: [[String]] = [
        ["The café on the corner served crème brûlée to the naïve visitors of the town, and the maître d'hôtel smiled at every one of them as they came in from the rain.",
         "Señor Muñoz ordered a smørrebrød and a glass of Grüner Veltliner, which the waiter thought a strange combination, though he said nothing about it at all."],
        ["In the morning the façade of the hôtel was washed by the rain, and the garçon swept the terrace while the patronne counted the coins from the night before.",
         "Nobody in the village remembered a summer as wet as that one, or a café as full, or a crème brûlée as good as the one served on the last evening of August."],
    ]

    static func wrapped(_ paragraph: String, at width: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in paragraph.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n")
    }

    /// The text in the charset, by glibc's iconv; fails the test when the charset cannot hold it.
    static func encode(_ text: String, as charset: String, file: StaticString = #filePath, line: UInt = #line) -> [UInt8] {
        guard let converter = iconv_open(charset, "UTF-8"), converter != iconv_t(bitPattern: -1) else {
            XCTFail("iconv does not know \(charset)", file: file, line: line)
            return []
        }
        defer { iconv_close(converter) }
        var input = Array(text.utf8)
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        let produced: Int = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBuffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outBuffer.baseAddress!).assumingMemoryBound(to: CChar.self)
                var inLeft = inBuffer.count, outLeft = outBuffer.count
                if iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) == -1 {
                    XCTFail("\(charset) cannot hold the text (errno \(errno)) at byte \(inBuffer.count - inLeft)", file: file, line: line)
                }
                return outBuffer.count - outLeft
            }
        }
        return Array(output[0..<produced])
    }

    /// A folder of its own for one test (ibook-plaintext-…, which the test runner checks is gone after), removed by `remove`.
    static func makeFolder() throws -> String {
        try Fixtures.temporaryDirectory("plaintext").path
    }

    static func write(_ bytes: [UInt8], to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    static func remove(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
    }
}
