/// An OPF's `<metadata>` read into ReflowMetadata: Dublin Core elements with EPUB 2's opf:
/// attributes or EPUB 3's refining `<meta>`s, and series from EPUB 3 collections or calibre.
enum EPUBMetadataReader {
    static func read(_ metadata: XMLNode) -> ReflowMetadata {
        // EPUB 3: <meta refines="#id" property="role">aut</meta>, keyed by id then property.
        var refinements: [String: [String: String]] = [:]
        for meta in metadata.children("meta") {
            guard let refines = meta.attribute("refines"), let property = meta.attribute("property") else { continue }
            let id = refines.hasPrefix("#") ? String(refines.dropFirst()) : refines
            if refinements[id, default: [:]][property] == nil { refinements[id, default: [:]][property] = meta.text.trimmingSpaces }
        }
        func refined(_ node: XMLNode, _ property: String) -> String? {
            node.attribute("id").flatMap { refinements[$0]?[property] }
        }

        var result = ReflowMetadata()
        result.title = metadata.children("title").first.flatMap { $0.text.cleanedBookText(limit: 500) }
        var creators: [ReflowCreator] = []
        for node in metadata.children("creator") + metadata.children("contributor") {
            guard let name = node.text.cleanedBookText(limit: 200) else { continue }
            let role = (node.attribute("role") ?? refined(node, "role"))?.cleanedBookText(limit: 20)
            let fileAs = (node.attribute("file-as") ?? refined(node, "file-as"))?.cleanedBookText(limit: 200)
            // A contributor with no role is not an author: EPUB's default role belongs to dc:creator.
            let contributorRole = node.localName == "contributor" && role == nil ? "ctb" : role
            creators.append(ReflowCreator(name: name, role: contributorRole, fileAs: fileAs))
        }
        result.creators = ReflowMetadata.ordered(creators)
        result.language = metadata.children("language").first.flatMap { $0.text.cleanedBookText(limit: 35) }
        for node in metadata.children("identifier") {
            guard let (scheme, value) = identifier(node, refined(node, "identifier-type")) else { continue }
            if result.identifiers[scheme] == nil { result.identifiers[scheme] = value }
        }
        result.isbn = result.identifiers["isbn"].map { $0.filter { $0 != "-" && $0 != " " } }
        result.publisher = metadata.children("publisher").first.flatMap { $0.text.cleanedBookText(limit: 200) }
        let dates = metadata.children("date")
        let date = dates.first { ($0.attribute("event") ?? "publication") == "publication" } ?? dates.first
        result.date = date.flatMap { $0.text.cleanedBookText(limit: 40) }
        result.description = metadata.children("description").first.flatMap {
            $0.text.strippingMarkup().cleanedBookText(limit: 5000)
        }
        var subjects: [String] = []
        for node in metadata.children("subject") {
            if let subject = node.text.cleanedBookText(limit: 200), !subjects.contains(subject), subjects.count < 100 {
                subjects.append(subject)
            }
        }
        result.subjects = subjects
        (result.series, result.seriesIndex) = series(metadata, refinements)
        return result
    }

    /// A scheme and value: opf:scheme, an EPUB 3 identifier-type, a urn:SCHEME: prefix, or the look of an ISBN.
    static func identifier(_ node: XMLNode, _ type: String?) -> (String, String)? {
        guard var value = node.text.cleanedBookText(limit: 200) else { return nil }
        var scheme = (node.attribute("scheme") ?? type.map(onixScheme))?.lowercased().cleanedBookText(limit: 40)
        let lowered = value.lowercased()
        if lowered.hasPrefix("urn:") {
            let parts = value.split(separator: ":", maxSplits: 2)
            if parts.count == 3 {
                scheme = scheme ?? parts[1].lowercased()
                value = String(parts[2])
            }
        } else if lowered.hasPrefix("isbn:") {
            scheme = "isbn"
            value = String(value.dropFirst(5)).trimmingSpaces
        }
        if scheme == nil {
            let digits = value.filter { $0 != "-" && $0 != " " }
            if (digits.count == 10 || digits.count == 13), digits.dropLast().allSatisfy(\.isNumber),
               digits.last.map({ $0.isNumber || $0 == "X" || $0 == "x" }) == true {
                scheme = "isbn"
            }
        }
        return (scheme ?? "unknown", value)
    }

    /// EPUB 3 books from ONIX workflows type identifiers with ONIX code list 5 ("15" is an ISBN-13).
    static func onixScheme(_ type: String) -> String {
        switch type.trimmingSpaces {
        case "02", "15": return "isbn"
        case "03": return "gtin"
        case "06": return "doi"
        case "22": return "urn"
        case "01": return "proprietary"
        default: return type
        }
    }

    private static func series(_ metadata: XMLNode, _ refinements: [String: [String: String]]) -> (String?, Double?) {
        for meta in metadata.children("meta") where meta.attribute("property") == "belongs-to-collection" {
            let refined = meta.attribute("id").flatMap { refinements[$0] } ?? [:]
            if let type = refined["collection-type"], type != "series" { continue }
            if let name = meta.text.cleanedBookText(limit: 200) {
                return (name, refined["group-position"].flatMap(number))
            }
        }
        let calibre = metadata.children("meta")
        if let name = calibre.first(where: { $0.attribute("name") == "calibre:series" })?.attribute("content")?.cleanedBookText(limit: 200) {
            let index = calibre.first { $0.attribute("name") == "calibre:series_index" }?.attribute("content").flatMap(number)
            return (name, index)
        }
        return (nil, nil)
    }

    static func number(_ text: String) -> Double? {
        Double(text.trimmingSpaces).flatMap { $0.isFinite ? $0 : nil }
    }
}
