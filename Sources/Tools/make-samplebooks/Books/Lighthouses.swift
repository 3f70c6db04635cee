// lighthouses.pdf: 40 pages; front matter labelled i–iv, body 1–36; a
// three-level outline (part → chapter → section) using both explicit page
// destinations and named destinations; three two-column pages.

enum Lighthouses {
    static let title = "A Field Guide to Lighthouses"

    /// A section: its heading and how many pages it runs (each section starts a page).
    struct Section {
        var title: String
        var pages: Int
        var columns = false
    }
    struct Chapter {
        var title: String
        var namedDestination: String? = nil
        var sections: [Section]
    }
    struct Part {
        var title: String
        var namedDestination: String? = nil
        var chapters: [Chapter]
    }

    static let parts: [Part] = [
        Part(title: "Part I. Coastal Sentinels", chapters: [
            Chapter(title: "Chapter 1. Origins of the Lighthouse", sections: [
                Section(title: "1.1 Fire on the Headland", pages: 2),
                Section(title: "1.2 The Age of Lamps", pages: 2),
            ]),
            Chapter(title: "Chapter 2. Lenses and Light", namedDestination: "chapter-lenses", sections: [
                Section(title: "2.1 Fresnel's Invention", pages: 2),
                Section(title: "2.2 Reading a Light Characteristic", pages: 2),
            ]),
            Chapter(title: "Chapter 3. Keepers and Their Families", sections: [
                Section(title: "3.1 The Daily Round", pages: 2),
                Section(title: "3.2 Storms and Rescues", pages: 2),
            ]),
        ]),
        Part(title: "Part II. Lights of the World", chapters: [
            Chapter(title: "Chapter 4. Northern Europe", sections: [
                Section(title: "4.1 Scotland and the Stevensons", pages: 2),
                Section(title: "4.2 Norway and the Baltic", pages: 2),
                Section(title: "4.3 Two Coasts Compared", pages: 2, columns: true),
            ]),
            Chapter(title: "Chapter 5. The Americas", sections: [
                Section(title: "5.1 New England", pages: 3),
                Section(title: "5.2 The Pacific Coast", pages: 2),
            ]),
            Chapter(title: "Chapter 6. Asia and Oceania", sections: [
                Section(title: "6.1 Japan's Western Lights", pages: 2),
                Section(title: "6.2 Australian Headlands", pages: 2),
            ]),
        ]),
        Part(title: "Part III. Practical Matters", namedDestination: "part-practical", chapters: [
            Chapter(title: "Chapter 7. Visiting Lighthouses", sections: [
                Section(title: "7.1 Planning a Trip", pages: 2),
                Section(title: "7.2 Photography at Dusk", pages: 2, columns: true),
            ]),
            Chapter(title: "Chapter 8. Glossary", namedDestination: "glossary", sections: []),
        ]),
    ]

    static let glossaryPages = 3
    static let indexPages = 2
    static let frontMatter = 4

    /// Probe sentences, keyed by physical page. Each must fit on one line.
    static let probeLines: [Int: String] = [
        8: "Sailors still speak of the quiet harbour lights of the old ports.",
        30: "At dusk the quiet harbour lights came on one after another.",
    ]

    static func book() -> BookSpec {
        var pages: [PageSpec] = []
        var seed: UInt64 = 0x4C49_4748_5400   // "LIGHT"
        func prose() -> ProseGenerator {
            seed += 1
            return ProseGenerator(lexicon: Lexicons.lighthouses, seed: seed)
        }

        // Front matter (labels i–iv).
        pages.append(PageSpec(label: "i", top: 230, blocks: [
            .text(title, Styles.titleLarge),
            .text("Towers, lenses and keepers of the world's coasts", Styles.subtitle),
            .text("Margaret Hale", Styles.byline),
            .space(260),
            .text("Second edition", Styles.centered),
        ]))

        var contents: [Block] = [.heading("Contents", Styles.chapter, nil)]
        contents.append(.row("Preface", "iii", Styles.contents))
        contents.append(.row("How to Use This Guide", "iv", Styles.contents))
        var bodyPage = 1
        for part in parts {
            contents.append(.row(part.title, String(bodyPage), withBold(Styles.contents)))
            for chapter in part.chapters {
                contents.append(.row("    " + chapter.title, String(bodyPage), Styles.contents))
                bodyPage += chapter.sections.reduce(0) { $0 + $1.pages }
                if chapter.sections.isEmpty { bodyPage += glossaryPages }
            }
        }
        contents.append(.row("Index of Lights", String(bodyPage), withBold(Styles.contents)))
        pages.append(PageSpec(label: "ii", footer: "ii", blocks: contents))

        var preface = prose()
        pages.append(PageSpec(label: "iii", footer: "iii", blocks: [
            .heading("Preface", Styles.chapter, OutlineMark(title: "Preface", depth: 0)),
            .text(preface.paragraph(5...6), Styles.body),
            .text(preface.paragraph(4...6), Styles.body),
            .text(preface.paragraph(4...5), Styles.body),
            .text("M. H., Stromness, 2021", TextStyle(font: "DejaVu Serif Italic 10.5", alignment: .right)),
        ]))

        var howTo = prose()
        pages.append(PageSpec(label: "iv", footer: "iv", blocks: [
            .heading("How to Use This Guide", Styles.chapter, OutlineMark(title: "How to Use This Guide", depth: 0)),
            .text(howTo.paragraph(4...5), Styles.body),
            .text("Each entry gives the light's character, its range in nautical miles and the height of the "
                  + "focal plane above mean high water. Ranges are nominal.", Styles.body),
            .text(howTo.paragraph(4...6), Styles.body),
        ]))

        // Body (labels 1…).
        bodyPage = 1
        func bodyPageSpec(header: String) -> PageSpec {
            PageSpec(label: String(bodyPage), headerLeft: title, headerRight: header, footer: String(bodyPage))
        }
        func probeLine() -> [Block] {
            guard let line = probeLines[frontMatter + bodyPage] else { return [] }
            return [.text(line, Styles.bodyLeft)]
        }

        for part in parts {
            var partMark: OutlineMark? = OutlineMark(title: part.title, depth: 0, namedDestination: part.namedDestination,
                                                     open: true)
            for chapter in part.chapters {
                var chapterMark: OutlineMark? = OutlineMark(title: chapter.title, depth: 1,
                                                            namedDestination: chapter.namedDestination)
                if chapter.sections.isEmpty {
                    // The glossary.
                    for i in 0..<glossaryPages {
                        var page = bodyPageSpec(header: chapter.title)
                        if let mark = partMark { page.blocks.append(.heading(part.title, Styles.part, mark)) }
                        if let mark = chapterMark { page.blocks.append(.heading(chapter.title, Styles.chapter, mark)) }
                        partMark = nil
                        chapterMark = nil
                        page.blocks += glossary(page: i)
                        pages.append(page)
                        bodyPage += 1
                    }
                    continue
                }
                for section in chapter.sections {
                    for i in 0..<section.pages {
                        var page = bodyPageSpec(header: chapter.title)
                        var room = 5
                        if let mark = partMark {
                            page.blocks.append(.heading(part.title, Styles.part, mark))
                            room -= 1
                        }
                        if let mark = chapterMark {
                            page.blocks.append(.heading(chapter.title, Styles.chapter, mark))
                            room -= 1
                        }
                        partMark = nil
                        chapterMark = nil
                        if i == 0 {
                            page.blocks.append(.heading(section.title, Styles.section,
                                                        OutlineMark(title: section.title, depth: 2)))
                        }
                        var gen = prose()
                        if section.columns {
                            page.blocks += columnsPage(&gen, section: section.title, index: i)
                        } else {
                            page.blocks += probeLine()
                            for _ in 0..<room { page.blocks.append(.text(gen.paragraph(4...6), Styles.body)) }
                        }
                        pages.append(page)
                        bodyPage += 1
                    }
                }
            }
        }

        // Index of lights.
        let lights = ["Bell Rock", "Cape Hatteras", "Eddystone", "Fastnet", "Hook Head", "Inubōsaki", "Kõpu",
                      "Lindesnes", "Macquarie", "Muckle Flugga", "Peggy's Cove", "Point Reyes", "Portland Head",
                      "Skerryvore", "Split Point", "Tower of Hercules", "Vinga", "Westerheversand"]
        for i in 0..<indexPages {
            var page = bodyPageSpec(header: "Index of Lights")
            if i == 0 {
                page.blocks.append(.heading("Index of Lights", Styles.chapter,
                                            OutlineMark(title: "Index of Lights", depth: 0)))
            }
            let half = lights.count / indexPages
            for (n, light) in lights[(i * half)..<((i + 1) * half)].enumerated() {
                page.blocks.append(.row(light, String(3 + (n * 7 + i * 11) % 32), Styles.contents))
            }
            pages.append(page)
            bodyPage += 1
        }

        return BookSpec(
            file: "lighthouses.pdf",
            metadata: PDFMetadata(
                title: title, author: "Margaret Hale",
                subject: "Lighthouses, their lenses and their keepers",
                keywords: "lighthouses, navigation, maritime history, lenses",
                creator: SampleCatalog.creator,
                date: "2021-04-01T10:00:00Z"),
            pages: pages,
            probes: [
                ProbeSpec(text: "zephyrine", pages: [22]),
                ProbeSpec(text: "gannetstone", pages: [21]),
                ProbeSpec(text: "quiet harbour lights", pages: [8, 30]),
                ProbeSpec(text: "Inubōsaki", pages: [39]),
            ])
    }

    private static func withBold(_ style: TextStyle) -> TextStyle {
        var s = style
        s.font = "DejaVu Serif Bold 10.5"
        s.spaceBefore = 6
        return s
    }

    /// A two-column page: different text in each column.
    private static func columnsPage(_ gen: inout ProseGenerator, section: String, index: Int) -> [Block] {
        var left: [String] = [], right: [String] = []
        if section.hasPrefix("4.3") {
            left.append(index == 0 ? "Scotland. The gannetstone ledge marks the entrance to the firth."
                                   : "Scotland. Most towers are white with a buff lantern.")
            right.append(index == 0 ? "Norway. Many lights stand on bare rock."
                                    : "Norway. Fishermen call the red sector light zephyrine.")
        } else {
            left.append("Equipment. A tripod matters more than the lens.")
            right.append("Technique. Expose for the sky, not the tower.")
        }
        for _ in 0..<4 {
            left.append(gen.paragraph(2...4))
            right.append(gen.paragraph(2...4))
        }
        return [.columns(left: left, right: right, style: Styles.column)]
    }

    private static func glossary(page: Int) -> [Block] {
        let terms: [[(String, String)]] = [
            [("Characteristic", "The pattern of flashes and eclipses by which a light is identified."),
             ("Dioptric", "Using refraction through glass prisms to concentrate the light."),
             ("Catoptric", "Using curved mirrors to reflect the light into a beam."),
             ("Focal plane", "The height of the centre of the lens above mean high water."),
             ("Gallery", "The narrow balcony that runs around the lantern.")],
            [("Lantern", "The glazed room at the top of the tower that houses the lens."),
             ("Nominal range", "The distance at which a light can be seen in clear weather."),
             ("Occulting", "A light that is on for longer than it is off."),
             ("Sector light", "A light showing different colours over different arcs of the horizon."),
             ("Tender", "A vessel that supplies and relieves offshore lighthouses.")],
            [("Isophase", "A light whose periods of light and darkness are equal."),
             ("Keeper", "The person responsible for tending the light through the night."),
             ("Leading lights", "Two lights that, kept in line, mark a safe channel."),
             ("Whistle buoy", "A floating aid that sounds as the swell passes through it.")],
        ]
        var blocks: [Block] = []
        for (term, meaning) in terms[page] {
            blocks.append(.text(term, TextStyle(font: "DejaVu Serif Bold 10.5", spaceAfter: 2)))
            blocks.append(.text(meaning, Styles.bodyLeft))
        }
        return blocks
    }
}
