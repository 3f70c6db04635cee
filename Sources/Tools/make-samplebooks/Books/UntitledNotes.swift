// untitled-notes.pdf: 3 pages and nothing else: no title, no author, no
// subject, keywords or creator, no outline, no page labels. A library has to
// fall back to the file name and an unknown author.

enum UntitledNotes {
    static func book() -> BookSpec {
        var pages: [PageSpec] = []
        let probeLines: [Int: String] = [
            2: "These unfiled scribbles should go in the blue folder.",
        ]
        for n in 1...3 {
            var gen = ProseGenerator(lexicon: Lexicons.notes, seed: 0x4E4F_5445_00 + UInt64(n))   // "NOTE"
            var blocks: [Block] = []
            if let line = probeLines[n] { blocks.append(.text(line, Styles.bodyLeft)) }
            var seen: Set<String> = []
            while seen.count < 6 {
                let line = gen.sentence()
                if seen.insert(line).inserted { blocks.append(.text("– " + line, Styles.bodyLeft)) }
            }
            blocks.append(.space(10))
            blocks.append(.text(gen.paragraph(3...4), Styles.bodyLeft))
            pages.append(PageSpec(footer: String(n), blocks: blocks))
        }
        return BookSpec(
            file: "untitled-notes.pdf",
            metadata: PDFMetadata(title: nil, author: nil, subject: nil, keywords: nil, creator: nil,
                                  date: "2024-02-29T18:45:00Z"),
            pages: pages,
            probes: [ProbeSpec(text: "unfiled scribbles", pages: [2])])
    }
}
