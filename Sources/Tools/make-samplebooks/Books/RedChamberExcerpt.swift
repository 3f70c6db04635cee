// honglou-excerpt.txt: a plain-text book in GB18030, as Chinese novels are
// passed around: a title line, a byline, and three chapters (回) whose
// paragraphs open with two ideographic spaces. The chapter titles and the
// probe sentences are the novel's own (Cao Xueqin, 18th century, public
// domain); the rest is prose generated in its manner.

enum RedChamberExcerpt {
    static let chapters = [
        "第一回　甄士隐梦幻识通灵　贾雨村风尘怀闺秀",
        "第二回　贾夫人仙逝扬州城　冷子兴演说荣国府",
        "第三回　托内兄如海荐西宾　接外孙贾母惜孤女",
    ]

    /// Sentences of the novel, each the first paragraph of its chapter.
    static let openings = [
        "此开卷第一回也。作者自云：因曾历过一番梦幻之后，故将真事隐去，而借“通灵”之说，撰此《石头记》一书也。",
        "却说封肃因听见公差传唤，忙出来陪笑启问。",
        "因此步步留心，时时在意，不肯轻易多说一句话，多行一步路，惟恐被人耻笑了他去。",
    ]

    static let title = "红楼梦（节选）"
    static let author = "曹雪芹"

    static let verse = "满纸荒唐言，一把辛酸泪！都云作者痴，谁解其中味？"

    static func book() -> TextBookSpec {
        var text = title + "\n" + author + " 著\n\n"
        for (index, chapter) in chapters.enumerated() {
            var prose = ProseGenerator(lexicon: Lexicons.redChamber, seed: 0x484F_4E47_00 + UInt64(index))   // "HONG"
            text += chapter + "\n\n"
            text += "　　" + openings[index] + "\n"
            for _ in 0..<24 { text += "　　" + prose.paragraph(4...7) + "\n" }
            if index == 0 { text += "　　" + verse + "\n" }
            text += "\n"
        }
        return TextBookSpec(file: "honglou-excerpt.txt", title: title, author: author, charset: "GB18030", text: text,
                            probes: ["撰此《石头记》一书也", "辛酸泪", "步步留心，时时在意"])
    }
}
