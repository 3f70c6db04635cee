// cafe-culture.pdf: 12 pages of English prose mixed with French, German,
// Spanish and Portuguese; accented metadata; a two-level outline; accented
// probe words on known pages. No page labels.

enum CafeCulture {
    static let title = "Résumé of Café Culture"

    struct City {
        var chapter: String
        var sections: [String]
        var local: Lexicon
        var language: String
    }

    static let cities: [City] = [
        City(chapter: "Paris: le café du coin", sections: ["Le zinc et la terrasse", "Un touriste à Paris"],
             local: Lexicons.french, language: "fr"),
        City(chapter: "Wien: das Kaffeehaus", sections: ["Der Marmortisch", "Zeitungen und Geduld"],
             local: Lexicons.german, language: "de"),
        City(chapter: "Madrid: la tertulia", sections: ["El café de la esquina", "La sobremesa"],
             local: Lexicons.spanish, language: "es"),
        City(chapter: "Lisboa: a bica e a esplanada", sections: ["Os cafés do Chiado", "Pastelarias e azulejos"],
             local: Lexicons.portuguese, language: "pt"),
    ]

    /// Probe sentences by physical page; each fits on one line.
    static let probeLines: [Int: String] = [
        3: "The café's narrow façade hides a long, mirrored room.",
        4: "Only a naïve visitor expects to be served quickly on a Sunday.",
        6: "Im Kaffeehaus gibt es Zeit im Übermaß, aber nie genug Zucker.",
        7: "She left her résumé with the owner and was hired on the spot.",
        8: "Todo se hará mañana, dice el camarero, y nadie lo duda.",
        9: "O café é o coração do bairro, dizem os velhos do Chiado.",
        10: "The tiled façade of the pastelaria glowed in the late sun.",
    ]

    static func book() -> BookSpec {
        var pages: [PageSpec] = []
        var seed: UInt64 = 0x4341_4645_00   // "CAFE"
        func generator(_ lexicon: Lexicon) -> ProseGenerator {
            seed += 1
            return ProseGenerator(lexicon: lexicon, seed: seed)
        }
        func page(_ header: String?, _ blocks: [Block]) -> PageSpec {
            PageSpec(headerLeft: "Café Culture", headerRight: header, footer: String(pages.count + 1), blocks: blocks)
        }
        func localStyle(_ language: String) -> TextStyle {
            var s = Styles.body
            s.language = language
            s.font = "DejaVu Serif Italic 10.5"
            return s
        }

        pages.append(PageSpec(top: 230, blocks: [
            .text(title, Styles.titleLarge),
            .text("A short résumé of coffee-house life in Paris, Wien, Madrid and Lisboa", Styles.subtitle),
            .text("Zoë Ångström", Styles.byline),
        ]))

        var intro = generator(Lexicons.cafeEnglish)
        pages.append(page("Introduction", [
            .heading("Introduction", Styles.chapter, OutlineMark(title: "Introduction", depth: 0)),
            .text(intro.paragraph(4...5), Styles.body),
            .text(intro.paragraph(4...6), Styles.body),
            .text(intro.paragraph(3...5), Styles.body),
            .text(intro.paragraph(4...5), Styles.body),
        ]))

        for city in cities {
            for (i, section) in city.sections.enumerated() {
                var blocks: [Block] = []
                if i == 0 {
                    blocks.append(.heading(city.chapter, Styles.chapter,
                                           OutlineMark(title: city.chapter, depth: 0, open: true)))
                }
                blocks.append(.heading(section, Styles.section, OutlineMark(title: section, depth: 1)))
                if let line = probeLines[pages.count + 1] { blocks.append(.text(line, Styles.bodyLeft)) }
                var english = generator(Lexicons.cafeEnglish)
                var local = generator(city.local)
                blocks.append(.text(english.paragraph(3...5), Styles.body))
                blocks.append(.text(local.paragraph(3...4), localStyle(city.language)))
                blocks.append(.text(english.paragraph(3...5), Styles.body))
                blocks.append(.text(local.paragraph(2...4), localStyle(city.language)))
                pages.append(page(city.chapter, blocks))
            }
        }

        var rules = generator(Lexicons.cafeEnglish)
        pages.append(page("Licensing and Regulation", [
            .heading("Licensing and Regulation", Styles.chapter,
                     OutlineMark(title: "Licensing and Regulation", depth: 0)),
            .text("A café needs a license to serve wine; only licensed premises may put tables on the "
                  + "pavement, and licensing rules differ from one city to the next.", Styles.body),
            .text(rules.paragraph(4...5), Styles.body),
            .text(rules.paragraph(3...5), Styles.body),
        ]))

        let glossary: [(String, String)] = [
            ("bica", "a short, strong espresso, as ordered in Lisboa"),
            ("café crème", "coffee with a generous amount of hot cream or milk"),
            ("cortado", "espresso 'cut' with a little warm milk"),
            ("Einspänner", "black coffee in a glass, crowned with whipped cream"),
            ("galão", "a tall glass of milky coffee"),
            ("großer Brauner", "a double mocha served with a little milk"),
            ("pastel de nata", "a custard tart with a crisp, blistered crust"),
            ("sobremesa", "the unhurried conversation that follows a meal"),
            ("tertulia", "a regular gathering of friends for conversation"),
            ("zinc", "the metal-topped bar of a Parisian café"),
        ]
        var glossaryBlocks: [Block] = [.heading("Glossary", Styles.chapter, OutlineMark(title: "Glossary", depth: 0))]
        for (term, meaning) in glossary {
            glossaryBlocks.append(.text("\(term) — \(meaning)", Styles.bodyLeft))
        }
        pages.append(page("Glossary", glossaryBlocks))

        return BookSpec(
            file: "cafe-culture.pdf",
            metadata: PDFMetadata(
                title: title, author: "Zoë Ångström",
                subject: "Cafés of Paris, Wien, Madrid and Lisboa",
                keywords: "café, Kaffeehaus, tertulia, esplanada",
                creator: SampleCatalog.creator,
                date: "2022-09-15T16:30:00Z"),
            pages: pages,
            probes: [
                ProbeSpec(text: "résumé", pages: [1, 7]),
                ProbeSpec(text: "naïve", pages: [4]),
                ProbeSpec(text: "Übermaß", pages: [6]),
                ProbeSpec(text: "mañana", pages: [8]),
                ProbeSpec(text: "façade", pages: [3, 10]),
                ProbeSpec(text: "coração", pages: [9]),
                ProbeSpec(text: "license", pages: [11]),
                ProbeSpec(text: "licensed", pages: [11]),
                ProbeSpec(text: "licensing", pages: [11]),
            ])
    }
}
