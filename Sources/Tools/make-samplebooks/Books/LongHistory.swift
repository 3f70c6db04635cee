// long-history.pdf: 320 pages. Labels: front matter i–vi, body 1–304,
// appendix A-1…A-10. Two-level outline of parts and chapters.

enum LongHistory {
    static let title = "A Long History of Everything"
    static let frontMatter = 6
    static let bodyPages = 304
    static let appendixPages = 10

    static let parts: [(String, [String])] = [
        ("The Deep Past", ["Stone and Fire", "The First Villages", "Rivers and Floods", "The Shape of the Sky"]),
        ("Bronze and Salt", ["Copper Roads", "The Salt Merchants", "Temple Cities", "Writing on Clay"]),
        ("Empires of the Plain", ["The Horse Lords", "Tribute and Tax", "Roads of Stone", "The Fall of the Capital"]),
        ("The Inland Sea", ["Harbours and Fleets", "Pirates and Princes", "The Amber Coast", "Island Kingdoms"]),
        ("Faith and Learning", ["Monasteries", "The Copyists", "Universities", "Heresies"]),
        ("Plague and Recovery", ["The Great Mortality", "Empty Fields", "New Towns", "Guilds"]),
        ("Machines", ["Water and Wind", "Clocks", "Printing", "Steam"]),
        ("The Present Age", ["Cities of Light", "Wires and Signals", "The Long Peace", "What Remains"]),
    ]

    static let romanParts = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"]

    /// Chapters alternate between 10 and 9 pages: 16 × 10 + 16 × 9 = 304.
    static func chapterLength(_ index: Int) -> Int { index % 2 == 0 ? 10 : 9 }

    /// Probe sentences by physical page; each fits on one line.
    static let probeLines: [Int: String] = [
        12: "Our oldest tablet describes the first recorded eclipse.",
        200: "A later copyist redrew the first recorded eclipse in red ink.",
        250: "The obsidian ledger was found in a collapsed storeroom.",
        317: "See the marginalia of the last scribe on the final folio.",
    ]

    static func book() -> BookSpec {
        var pages: [PageSpec] = []
        var seed: UInt64 = 0x4849_5354_00   // "HIST"
        func prose() -> ProseGenerator {
            seed += 1
            return ProseGenerator(lexicon: Lexicons.longHistory, seed: seed)
        }

        // Chapter start pages (1-based body page numbers).
        var chapterStarts: [Int] = []
        var next = 1
        for i in 0..<32 {
            chapterStarts.append(next)
            next += chapterLength(i)
        }
        precondition(next - 1 == bodyPages)

        // Front matter: i–vi.
        pages.append(PageSpec(label: "i", top: 250, blocks: [
            .text(title, Styles.titleLarge),
            .text("From the first fires to the present age", Styles.subtitle),
            .text("Anonymous Scribe", Styles.byline),
        ]))
        pages.append(PageSpec(label: "ii", top: 560, blocks: [
            .text("First published in this form in 2023.", Styles.bodyLeft),
            .text("No part of this history is guaranteed to be true. Names, dates and places have been "
                  + "generated for the testing of software that catalogues books.", Styles.bodyLeft),
            .text("Set in DejaVu Serif.", Styles.bodyLeft),
        ]))
        pages.append(PageSpec(label: "iii", top: 300, blocks: [
            .text("For everyone who ever kept a record.", TextStyle(font: "DejaVu Serif Italic 12", alignment: .center)),
        ]))

        var contentsRows: [[Block]] = [[], []]
        contentsRows[0].append(.heading("Contents", Styles.chapter, nil))
        contentsRows[0].append(.row("Preface", "vi", Styles.contents))
        for (p, part) in parts.enumerated() {
            var partStyle = Styles.contents
            partStyle.font = "DejaVu Serif Bold 10.5"
            partStyle.spaceBefore = 5
            let column = p < 4 ? 0 : 1
            contentsRows[column].append(.row("Part \(romanParts[p]). \(part.0)", String(chapterStarts[p * 4]), partStyle))
            for (c, chapter) in part.1.enumerated() {
                let n = p * 4 + c
                contentsRows[column].append(.row("    Chapter \(n + 1). \(chapter)", String(chapterStarts[n]),
                                                 Styles.contents))
            }
        }
        contentsRows[1].append(.row("Appendix A. Chronological Tables", "A-1", Styles.contents))
        pages.append(PageSpec(label: "iv", footer: "iv", blocks: contentsRows[0]))
        pages.append(PageSpec(label: "v", footer: "v", blocks: contentsRows[1]))

        var preface = prose()
        pages.append(PageSpec(label: "vi", footer: "vi", blocks: [
            .heading("Preface", Styles.chapter, OutlineMark(title: "Preface", depth: 0)),
            .text(preface.paragraph(5...6), Styles.body),
            .text(preface.paragraph(4...5), Styles.body),
        ]))

        // Body: 1–304.
        var chapterTitle = ""
        for body in 1...bodyPages {
            let physical = frontMatter + body
            var blocks: [Block] = []
            if let n = chapterStarts.firstIndex(of: body) {
                let part = n / 4
                if n % 4 == 0 {
                    let partTitle = "Part \(romanParts[part]). \(parts[part].0)"
                    blocks.append(.heading(partTitle, Styles.part, OutlineMark(title: partTitle, depth: 0)))
                }
                chapterTitle = "Chapter \(n + 1). \(parts[part].1[n % 4])"
                blocks.append(.heading(chapterTitle, Styles.chapter, OutlineMark(title: chapterTitle, depth: 1)))
            }
            if let line = probeLines[physical] { blocks.append(.text(line, Styles.bodyLeft)) }
            var gen = prose()
            blocks.append(.text(gen.paragraph(2...4), Styles.body))
            blocks.append(.text(gen.paragraph(2...3), Styles.body))
            pages.append(PageSpec(label: String(body), headerLeft: title, headerRight: chapterTitle,
                                  footer: String(body), blocks: blocks))
        }

        // Appendix: A-1 … A-10.
        for a in 1...appendixPages {
            let physical = frontMatter + bodyPages + a
            var blocks: [Block] = []
            if a == 1 {
                blocks.append(.heading("Appendix A. Chronological Tables", Styles.chapter,
                                       OutlineMark(title: "Appendix A. Chronological Tables", depth: 0)))
            }
            if let line = probeLines[physical] { blocks.append(.text(line, Styles.bodyLeft)) }
            for r in 0..<6 {
                let year = 3000 - (a - 1) * 300 - r * 50
                let era = year > 0 ? "\(year) BCE" : "\(1 - year) CE"
                let (_, chapters) = parts[(a + r) % parts.count]
                blocks.append(.row(chapters[r % 4], era, Styles.contents))
            }
            var gen = prose()
            blocks.append(.space(6))
            blocks.append(.text(gen.paragraph(2...3), Styles.body))
            pages.append(PageSpec(label: "A-\(a)", headerLeft: title, headerRight: "Appendix A",
                                  footer: "A-\(a)", blocks: blocks))
        }

        return BookSpec(
            file: "long-history.pdf",
            metadata: PDFMetadata(
                title: title, author: "Anonymous Scribe",
                subject: "World history, told at length",
                keywords: "history, chronicle, civilisation",
                creator: SampleCatalog.creator,
                date: "2023-01-02T08:15:00Z"),
            pages: pages,
            probes: [
                ProbeSpec(text: "first recorded eclipse", pages: [12, 200]),
                ProbeSpec(text: "obsidian ledger", pages: [250]),
                ProbeSpec(text: "marginalia of the last scribe", pages: [317]),
            ])
    }
}
