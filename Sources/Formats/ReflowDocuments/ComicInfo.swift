/// A comic archive's ComicInfo.xml (the ComicRack schema most comic tools write): title, series and
/// number, writer and artists, publisher, date, language, summary and genres.
enum ComicInfo {
    static let fileName = "ComicInfo.xml"

    /// ComicRack's roles as MARC relator codes: the writer is the author.
    private static let roles: [(element: String, role: String)] = [
        ("Writer", "aut"), ("Penciller", "ill"), ("Inker", "ill"), ("Colorist", "clr"), ("Letterer", "ill"),
        ("CoverArtist", "cov"), ("Editor", "edt"), ("Translator", "trl"),
    ]

    static func read(_ tree: XMLNode) -> ReflowMetadata? {
        guard let info = tree.child("ComicInfo") else { return nil }
        func value(_ name: String, limit: Int = 200) -> String? { info.child(name).flatMap { $0.text.cleanedBookText(limit: limit) } }
        var metadata = ReflowMetadata()
        metadata.title = value("Title", limit: 500)
        metadata.series = value("Series")
        metadata.seriesIndex = value("Number").flatMap(EPUBMetadataReader.number)
        var creators: [ReflowCreator] = []
        for (element, role) in roles {
            // Several people in one element are separated by commas.
            for name in (value(element, limit: 1000) ?? "").split(separator: ",") {
                if let name = String(name).cleanedBookText(limit: 200),
                   !creators.contains(where: { $0.name == name && $0.role == role }) {
                    creators.append(ReflowCreator(name: name, role: role))
                }
            }
        }
        metadata.creators = ReflowMetadata.ordered(creators)
        metadata.publisher = value("Publisher")
        metadata.language = value("LanguageISO", limit: 35)
        metadata.description = value("Summary", limit: 5000)
        metadata.subjects = (value("Genre", limit: 1000) ?? "").split(separator: ",").prefix(100)
            .compactMap { String($0).cleanedBookText(limit: 200) }
        if let year = value("Year", limit: 4), year.allSatisfy(\.isNumber) {
            // "2021", "2021-03" or "2021-03-07": a day only with its month.
            var date = year
            for name in ["Month", "Day"] {
                guard let part = value(name, limit: 2), !part.isEmpty, part.allSatisfy(\.isNumber) else { break }
                date += part.count == 1 ? "-0" + part : "-" + part
            }
            metadata.date = date
        }
        if let isbn = value("GTIN", limit: 40) {
            metadata.identifiers["gtin"] = isbn
        }
        return metadata
    }
}
