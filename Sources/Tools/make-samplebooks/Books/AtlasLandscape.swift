// atlas-landscape.pdf: 8 pages of mixed sizes (A4 portrait, A4 landscape and
// one US Letter page) with simple vector maps; a one-level outline.

enum AtlasLandscape {
    static let title = "Atlas of Coastlines"

    struct Sheet {
        var heading: String
        var size: PageSize
        var places: [String]
        var graticule: [String]
        var probe: String?
    }

    static let sheets: [Sheet] = [
        Sheet(heading: "Introduction", size: .a4, places: [], graticule: [], probe: nil),
        Sheet(heading: "The North Sea Coast", size: .a4Landscape,
              places: ["Esbjerg", "Skagen", "Hirtshals", "Thyborøn"], graticule: ["6°E", "8°E", "10°E", "12°E"],
              probe: "North of Skagen the Skagerrak opens towards Norway."),
        Sheet(heading: "Notes on Tides", size: .a4, places: [], graticule: [], probe: nil),
        Sheet(heading: "The Wadden Sea", size: .a4Landscape,
              places: ["Den Helder", "Terschelling", "Borkum", "Sylt"], graticule: ["5°E", "7°E", "9°E"],
              probe: "Mudflat hikers cross to the islands at low water."),
        Sheet(heading: "Chesapeake Bay", size: .usLetter,
              places: ["Baltimore", "Annapolis", "Norfolk"], graticule: ["77°W", "76°W"],
              probe: "This sheet is printed on US Letter paper."),
        Sheet(heading: "The Fjords of Norway", size: .a4Landscape,
              places: ["Bergen", "Flåm", "Ålesund", "Geiranger"], graticule: ["5°E", "6°E", "7°E", "8°E"],
              probe: nil),
        Sheet(heading: "Gazetteer", size: .a4, places: [], graticule: [], probe: nil),
        Sheet(heading: "Coast of Brittany", size: .a4Landscape,
              places: ["Brest", "Roscoff", "Saint-Malo", "Quiberon"], graticule: ["5°W", "4°W", "3°W", "2°W"],
              probe: nil),
    ]

    static func book() -> BookSpec {
        var pages: [PageSpec] = []
        var seed: UInt64 = 0x4154_4C41_5300   // "ATLAS"

        for sheet in sheets {
            seed += 1
            var gen = ProseGenerator(lexicon: Lexicons.coasts, seed: seed)
            let landscape = sheet.size.width > sheet.size.height
            var page = PageSpec(size: sheet.size, headerLeft: title, headerRight: sheet.heading,
                                footer: String(pages.count + 1), margin: landscape ? 50 : 60)
            let mark = OutlineMark(title: sheet.heading, depth: 0)

            switch sheet.heading {
            case "Introduction":
                page.headerLeft = nil
                page.headerRight = nil
                page.top = 150
                page.blocks = [
                    .text(title, Styles.titleLarge),
                    .text("Ivo Marsh", Styles.byline),
                    .space(40),
                    .heading("Introduction", Styles.chapter, mark),
                    .text(gen.paragraph(4...5), Styles.body),
                    .text("Map sheets are printed in landscape and the text pages in portrait.", Styles.bodyLeft),
                    .text("One sheet is on US Letter paper, drawn for an American edition.", Styles.bodyLeft),
                    .text(gen.paragraph(3...5), Styles.body),
                ]
            case "Notes on Tides":
                page.blocks = [.heading(sheet.heading, Styles.chapter, mark)]
                for _ in 0..<4 { page.blocks.append(.text(gen.paragraph(4...5), Styles.body)) }
            case "Gazetteer":
                page.blocks = [.heading(sheet.heading, Styles.chapter, mark)]
                let entries = [("Ålesund", "62°28′N 6°09′E"), ("Annapolis", "38°58′N 76°30′W"),
                               ("Baltimore", "39°17′N 76°37′W"), ("Bergen", "60°23′N 5°19′E"),
                               ("Borkum", "53°35′N 6°40′E"), ("Brest", "48°23′N 4°29′W"),
                               ("Den Helder", "52°57′N 4°45′E"), ("Esbjerg", "55°28′N 8°27′E"),
                               ("Flåm", "60°52′N 7°07′E"), ("Geiranger", "62°06′N 7°12′E"),
                               ("Hirtshals", "57°35′N 9°58′E"), ("Norfolk", "36°51′N 76°17′W"),
                               ("Quiberon", "47°29′N 3°07′W"), ("Roscoff", "48°43′N 3°59′W"),
                               ("Saint-Malo", "48°39′N 2°01′W"), ("Skagen", "57°43′N 10°35′E"),
                               ("Sylt", "54°54′N 8°19′E"), ("Terschelling", "53°24′N 5°20′E"),
                               ("Thyborøn", "56°42′N 8°13′E")]
                for (place, position) in entries { page.blocks.append(.row(place, position, Styles.contents)) }
            default:
                let mapHeight = landscape ? 300.0 : 380.0
                page.blocks = [
                    .heading(sheet.heading, Styles.chapter, mark),
                    .map(MapSpec(seed: seed, height: mapHeight, places: sheet.places, graticule: sheet.graticule)),
                    .text("Figure: " + sheet.heading + ". " + gen.sentence(), Styles.caption),
                ]
                if let probe = sheet.probe { page.blocks.append(.text(probe, Styles.bodyLeft)) }
                page.blocks.append(.text(gen.paragraph(2...3), Styles.body))
            }
            pages.append(page)
        }

        return BookSpec(
            file: "atlas-landscape.pdf",
            metadata: PDFMetadata(
                title: title, author: "Ivo Marsh",
                subject: "Maps of European and American coastlines",
                keywords: "atlas, maps, coastlines, tides",
                creator: SampleCatalog.creator,
                date: "2019-11-05T12:00:00Z"),
            pages: pages,
            probes: [
                ProbeSpec(text: "Skagerrak", pages: [2]),
                ProbeSpec(text: "Mudflat hikers", pages: [4]),
                ProbeSpec(text: "US Letter", pages: [1, 5]),
            ])
    }
}
