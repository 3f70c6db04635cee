import BookLibrary
import Foundation

/// The XMP packet `edit --write` stores: the document's own packet with its
/// title, creators, description and keywords replaced, everything else kept
/// (a PDF/A identification, for one); a new packet when it had none.
enum XMPPacket {
    static func updating(_ existing: String?, with metadata: EmbeddedMetadata, modified: Date) -> String {
        let description = self.description(metadata, modified: modified)
        guard var packet = existing, packet.contains("<rdf:RDF") else { return fresh(description) }
        for element in ["dc:title", "dc:creator", "dc:description", "pdf:Keywords", "xmp:ModifyDate", "xmp:MetadataDate"] {
            packet = removing(element, from: packet)
        }
        guard let open = packet.range(of: "<rdf:RDF"), let end = packet[open.upperBound...].firstIndex(of: ">") else {
            return fresh(description)
        }
        packet.insert(contentsOf: "\n" + description, at: packet.index(after: end))
        return packet
    }

    private static func fresh(_ description: String) -> String {
        """
        <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
        <x:xmpmeta xmlns:x="adobe:ns:meta/">
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
        \(description)
        </rdf:RDF>
        </x:xmpmeta>
        <?xpacket end="w"?>
        """
    }

    private static func description(_ metadata: EmbeddedMetadata, modified: Date) -> String {
        let date = ISO8601DateFormatter().string(from: modified)
        var lines = [
            "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\">",
            "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escaped(metadata.title))</rdf:li></rdf:Alt></dc:title>",
        ]
        if !metadata.authors.isEmpty {
            lines.append("<dc:creator><rdf:Seq>" + metadata.authors.map { "<rdf:li>\(escaped($0))</rdf:li>" }.joined() + "</rdf:Seq></dc:creator>")
        }
        if let subject = metadata.subject {
            lines.append("<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">\(escaped(subject))</rdf:li></rdf:Alt></dc:description>")
        }
        if let keywords = metadata.keywords { lines.append("<pdf:Keywords>\(escaped(keywords))</pdf:Keywords>") }
        lines.append("<xmp:ModifyDate>\(date)</xmp:ModifyDate><xmp:MetadataDate>\(date)</xmp:MetadataDate>")
        lines.append("</rdf:Description>")
        return lines.joined(separator: "\n")
    }

    /// Removes `<element …>…</element>` and `<element …/>` wherever they occur.
    static func removing(_ element: String, from packet: String) -> String {
        var text = packet
        var searchStart = text.startIndex
        while let open = text.range(of: "<\(element)", range: searchStart..<text.endIndex) {
            guard let next = text[open.upperBound...].first, next == ">" || next == " " || next == "/" || next.isNewline,
                  let tagEnd = text[open.upperBound...].firstIndex(of: ">") else {
                searchStart = open.upperBound
                continue
            }
            if text[text.index(before: tagEnd)] == "/" {
                text.removeSubrange(open.lowerBound...tagEnd)
            } else if let close = text.range(of: "</\(element)>", range: tagEnd..<text.endIndex) {
                text.removeSubrange(open.lowerBound..<close.upperBound)
            } else {
                searchStart = open.upperBound
                continue
            }
            searchStart = open.lowerBound
        }
        return text
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
