// voyage.epub: an EPUB 3 travel book (with an NCX for EPUB 2 readers): full
// package metadata (ISBN-13, publisher, date, subjects, description, a series
// with its position), a drawn cover, four pages of front matter numbered
// i–iv in the page list and chapters numbered from 1, six chapters with
// sections, and two notes linked both ways to the endnotes.

enum NorthernVoyage {
    static let title = "A Voyage to the Northern Lights"
    static let author = "Ingrid Solberg"
    static let series = "Northern Journeys"

    struct Chapter {
        var title: String
        var sections: [String]
        /// Sentences placed as the first paragraph of the given section (index), probes among them.
        var placed: [Int: String] = [:]
    }

    static let chapters: [Chapter] = [
        Chapter(title: "Leaving Bergen", sections: ["The Coastal Express", "A Cabin on the Upper Deck"],
                placed: [0: "We sailed from Bergen in a cold drizzle that smelled of tar and fish."]),
        Chapter(title: "The Lofoten Wall", sections: ["Svolvær in Winter", "Fishermen and Drying Racks", "The First Faint Glow"],
                placed: [1: "The cod hung in their thousands on the wooden racks of Reine."
                            + noteReference(1) + " Nobody aboard had yet seen the northern lights."]),
        Chapter(title: "Tromsø, Gateway to the Arctic", sections: ["The Cathedral of Ice", "At the Observatory"],
                placed: [1: "The physicist at the observatory called the aurora a conversation between the sun and the earth."]),
        Chapter(title: "Across the Finnmark Plateau", sections: ["Reindeer and Sledges", "A Night in a Lavvu"]),
        Chapter(title: "Hammerfest and the North Cape", sections: ["The Northernmost Town", "Standing at the Edge"],
                placed: [1: "The wind at the North Cape" + noteReference(2) + " made it hard to stand, let alone to write."]),
        Chapter(title: "Under the Northern Lights", sections: ["A Clear Night at Last", "Homeward"],
                placed: [0: "At last the northern lights rose over the fjord in a single silent arc."]),
    ]

    static let notes = [
        "Stockfish from Lofoten has been traded through Bergen to the south of Europe since the Viking age.",
        "The true northernmost point of the mainland is Knivskjellodden, a few hours’ walk west of the plateau.",
    ]

    static let probes = [
        "We sailed from Bergen in a cold drizzle",
        "hung in their thousands",
        "a conversation between the sun and the earth",
        "a single silent arc",
        "Knivskjellodden",
    ]

    static func book() throws -> EPUBBook {
        var documents: [EPUBDocument] = []
        documents.append(EPUBDocument(name: "cover.xhtml", title: "Cover", type: "cover", blocks: [
            .pageBreak(label: "i"),
            .image(source: "cover.png", alternative: "\(title), by \(author)"),
        ]))
        documents.append(EPUBDocument(name: "title.xhtml", title: title, type: "titlepage", blocks: [
            .pageBreak(label: "ii"),
            .paragraph(XMLEscaping.text(title), className: "title"),
            .paragraph("A winter journey up the coast of Norway", className: "subtitle"),
            .paragraph(author, className: "author"),
            .paragraph("Aurora Quay Press", className: "publisher"),
        ]))
        documents.append(EPUBDocument(name: "copyright.xhtml", title: "Copyright", type: "copyright-page", blocks: [
            .pageBreak(label: "iii"),
            .paragraph("Copyright © 2026 \(author). Written by ibook’s sample generator; free to copy.", className: "small"),
            .paragraph("\(series), volume 2.", className: "small"),
            .paragraph("ISBN \(hyphenatedISBN)", className: "small"),
        ]))
        var foreword = ProseGenerator(lexicon: Lexicons.voyage, seed: 0x564F_5941_4745)   // "VOYAGE"
        documents.append(EPUBDocument(name: "foreword.xhtml", title: "Foreword", type: "foreword", blocks: [
            .pageBreak(label: "iv"),
            .heading(level: 1, text: "Foreword", id: "foreword", listed: true),
            .paragraph("This is the story of a winter spent chasing the northern lights from Bergen to the North Cape."),
            .paragraph(XMLEscaping.text(foreword.paragraph(4...5))),
        ]))

        var page = 1
        for (index, chapter) in chapters.enumerated() {
            let number = index + 1
            var prose = ProseGenerator(lexicon: Lexicons.voyage, seed: 0x564F_5941_4745_00 + UInt64(number))
            var blocks: [EPUBBlock] = [
                .pageBreak(label: String(page)),
                .heading(level: 1, text: "Chapter \(number). \(chapter.title)", id: "chapter-\(number)", listed: true),
            ]
            page += 1
            var sinceBreak = 0
            for (sectionIndex, section) in chapter.sections.enumerated() {
                blocks.append(.heading(level: 2, text: section, id: "section-\(number)-\(sectionIndex + 1)", listed: true))
                if let placed = chapter.placed[sectionIndex] { blocks.append(.paragraph(placed)) }
                for _ in 0..<5 {
                    // A page of the print edition holds about four of these paragraphs.
                    if sinceBreak == 4 {
                        blocks.append(.pageBreak(label: String(page)))
                        page += 1
                        sinceBreak = 0
                    }
                    blocks.append(.paragraph(XMLEscaping.text(prose.paragraph(4...6))))
                    sinceBreak += 1
                }
            }
            documents.append(EPUBDocument(name: "chapter-\(number).xhtml", title: "Chapter \(number). \(chapter.title)",
                                          type: "chapter", blocks: blocks))
        }
        var endnotes: [EPUBBlock] = [
            .pageBreak(label: String(page)),
            .heading(level: 1, text: "Notes", id: "notes", listed: true),
        ]
        for (index, note) in notes.enumerated() {
            let chapter = chapters.firstIndex { $0.placed.values.contains { $0.contains(noteReference(index + 1)) } }! + 1
            endnotes.append(.note(id: "note-\(index + 1)", number: index + 1, text: XMLEscaping.text(note),
                                  backTo: "chapter-\(chapter).xhtml#ref-\(index + 1)"))
        }
        documents.append(EPUBDocument(name: "notes.xhtml", title: "Notes", type: "endnotes", blocks: endnotes))

        return EPUBBook(
            file: "voyage.epub", title: title, author: author, authorFileAs: "Solberg, Ingrid", language: "en",
            publisher: "Aurora Quay Press", isbn: isbn, date: "2026-03-14", subjects: ["Travel", "Arctic regions"],
            description: "A winter voyage up the Norwegian coast on the coastal express, from Bergen past Lofoten and "
                + "Tromsø to the North Cape, in search of the aurora borealis.",
            series: series, seriesIndex: 2,
            cover: try CoverPainter.png(.init(title: title, author: author, series: series, seed: 0x4155_524F_5241)),  // "AURORA"
            stylesheet: stylesheet, documents: documents, probes: probes)
    }

    static func noteReference(_ number: Int) -> String {
        "<a epub:type=\"noteref\" role=\"doc-noteref\" href=\"notes.xhtml#note-\(number)\" id=\"ref-\(number)\"><sup>\(number)</sup></a>"
    }

    static let isbn = ISBN.thirteen("978173910428")
    static var hyphenatedISBN: String {
        let digits = Array(isbn)
        return [digits[0..<3], digits[3..<4], digits[4..<8], digits[8..<12], digits[12..<13]].map { String($0) }
            .joined(separator: "-")
    }

    static let stylesheet = """
        body { font-family: serif; line-height: 1.4; margin: 0 1em; }
        h1 { font-family: sans-serif; font-size: 1.5em; margin: 1em 0 0.8em; }
        h2 { font-family: sans-serif; font-size: 1.15em; margin: 1.2em 0 0.5em; }
        p { text-indent: 1.2em; margin: 0 0 0.3em; text-align: justify; }
        p.title { font-size: 2em; font-weight: bold; text-align: center; text-indent: 0; margin-top: 30%; }
        p.subtitle { font-style: italic; text-align: center; text-indent: 0; }
        p.author, p.publisher { text-align: center; text-indent: 0; margin-top: 2em; }
        p.small { font-size: 0.85em; text-indent: 0; }
        div.cover { text-align: center; }
        div.cover img { max-width: 100%; max-height: 100%; }
        aside p { text-indent: 0; font-size: 0.9em; }

        """
}
