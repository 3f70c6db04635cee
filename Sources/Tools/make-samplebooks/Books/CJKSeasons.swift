// cjk-seasons.pdf: 10 pages of Japanese (kanji + kana) and Simplified
// Chinese set with Noto CJK, a few Latin words, CJK metadata and a two-level
// outline with CJK titles. No page labels.

enum CJKSeasons {
    static let title = "東京の四季"

    static let japaneseBody = TextStyle(font: "Noto Serif CJK JP 10.5", language: "ja", justify: true,
                                        spaceAfter: 9, lineSpacing: 3)
    static let chineseBody = TextStyle(font: "Noto Serif CJK JP 10.5", language: "zh-cn", justify: true,
                                       spaceAfter: 9, lineSpacing: 3)
    static let japaneseLine = TextStyle(font: "Noto Serif CJK JP 10.5", language: "ja", spaceAfter: 9)
    static let chineseLine = TextStyle(font: "Noto Serif CJK JP 10.5", language: "zh-cn", spaceAfter: 9)
    static let chapter = TextStyle(font: "Noto Sans CJK JP Bold 16", language: "ja", spaceBefore: 4, spaceAfter: 12)
    static let chineseChapter = TextStyle(font: "Noto Sans CJK JP Bold 16", language: "zh-cn", spaceBefore: 4,
                                          spaceAfter: 12)
    static let section = TextStyle(font: "Noto Sans CJK JP Bold 12", language: "ja", spaceBefore: 6, spaceAfter: 8)
    static let chineseSection = TextStyle(font: "Noto Sans CJK JP Bold 12", language: "zh-cn", spaceBefore: 6,
                                          spaceAfter: 8)

    enum Language { case japanese, chinese }

    struct Page {
        var chapter: String?
        var section: String?
        var language: Language
        var probe: String?
    }

    static let plan: [Page] = [
        Page(chapter: "序文", section: nil, language: .japanese, probe: "この本は Tokyo の一年を歩いた記録です。"),
        Page(chapter: "第一章 春", section: "桜の季節", language: .japanese,
             probe: "新幹線 (Shinkansen) で京都から戻りました。"),
        Page(chapter: nil, section: "花見の作法", language: .japanese, probe: nil),
        Page(chapter: "第二章 夏", section: "隅田川の花火", language: .japanese, probe: nil),
        Page(chapter: "第三章 秋", section: "読書の秋", language: .japanese, probe: "雨の日には、近所の図書館で本を読みます。"),
        Page(chapter: "第四章 冬", section: "雪の浅草", language: .japanese, probe: nil),
        Page(chapter: "第五章 北京的四季", section: "北京的图书馆", language: .chinese,
             probe: "北京 图书馆 每天都有很多读者。"),
        Page(chapter: nil, section: "胡同的冬天", language: .chinese, probe: nil),
        Page(chapter: "あとがき", section: nil, language: .japanese, probe: "ありがとうございました。Thank you for reading."),
    ]

    static func book() -> BookSpec {
        var pages: [PageSpec] = []
        var seed: UInt64 = 0x4A41_5041_4E00   // "JAPAN"

        pages.append(PageSpec(top: 230, blocks: [
            .text(title, TextStyle(font: "Noto Sans CJK JP Bold 28", language: "ja", alignment: .center,
                                   spaceAfter: 18)),
            .text("Four Seasons in Tokyo", Styles.subtitle),
            .text("山田太郎", TextStyle(font: "Noto Serif CJK JP 14", language: "ja", alignment: .center)),
        ]))

        var currentChapter = ""
        for item in plan {
            let japanese = item.language == .japanese
            var blocks: [Block] = []
            if let chapter = item.chapter {
                currentChapter = chapter
                blocks.append(.heading(chapter, japanese ? Self.chapter : chineseChapter,
                                       OutlineMark(title: chapter, depth: 0, open: true)))
            }
            if let section = item.section {
                blocks.append(.heading(section, japanese ? Self.section : chineseSection,
                                       OutlineMark(title: section, depth: 1)))
            }
            if let probe = item.probe {
                blocks.append(.text(probe, japanese ? japaneseLine : chineseLine))
            }
            seed += 1
            var gen = ProseGenerator(lexicon: japanese ? Lexicons.japanese : Lexicons.chinese, seed: seed)
            for n in 0..<4 {
                blocks.append(.text(gen.paragraph(4...6), japanese ? japaneseBody : chineseBody))
                if !japanese && n == 1 {
                    // A Japanese aside inside the Chinese chapter.
                    var aside = ProseGenerator(lexicon: Lexicons.japanese, seed: seed + 1000)
                    blocks.append(.text(aside.paragraph(2...3), japaneseBody))
                }
            }
            pages.append(PageSpec(headerLeft: title, headerRight: currentChapter,
                                  footer: String(pages.count + 1), furnitureFont: "Noto Serif CJK JP 8.5",
                                  blocks: blocks))
        }

        return BookSpec(
            file: "cjk-seasons.pdf",
            metadata: PDFMetadata(
                title: title, author: "山田太郎",
                subject: "東京と北京の季節の随筆",
                keywords: "東京, 四季, 北京, 图书馆",
                creator: SampleCatalog.creator,
                date: "2020-03-20T09:00:00+09:00"),
            pages: pages,
            probes: [
                ProbeSpec(text: "図書館", pages: [6]),
                ProbeSpec(text: "图书馆", pages: [8]),
                ProbeSpec(text: "Shinkansen", pages: [3]),
                ProbeSpec(text: "新幹線", pages: [3]),
            ])
    }
}
