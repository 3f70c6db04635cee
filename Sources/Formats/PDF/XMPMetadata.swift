import CPoppler
import Foundation

/// The Dublin Core title and creators of a document's XMP packet, which many
/// producers fill in when the Info dictionary is empty or stale.
public struct XMPMetadata: Codable, Equatable, Sendable {
    public var title: String?
    public var creators: [String]

    public init(title: String? = nil, creators: [String] = []) {
        self.title = title
        self.creators = creators
    }

    /// Reads `dc:title` (the x-default alternative first) and the `dc:creator`
    /// sequence from an XMP packet; tolerant of what real producers write.
    public static func parse(_ packet: String) -> XMPMetadata {
        let titleItems = items(of: "dc:title", in: packet)
        let title = (titleItems.first { $0.isDefaultLanguage } ?? titleItems.first)?.text
            ?? attribute("dc:title", in: packet)
        let creators = items(of: "dc:creator", in: packet).compactMap(\.text)
        return XMPMetadata(title: title, creators: creators.isEmpty ? attribute("dc:creator", in: packet).map { [$0] } ?? [] : creators)
    }

    private struct Item {
        var text: String?
        var isDefaultLanguage: Bool
    }

    /// The `rdf:li` values inside `<element>…</element>`, or its plain text.
    private static func items(of element: String, in packet: String) -> [Item] {
        guard let open = packet.range(of: "<\(element)"),
              let openEnd = packet[open.upperBound...].firstIndex(of: ">") else { return [] }
        if packet[packet.index(before: openEnd)] == "/" { return [] }
        guard let close = packet[openEnd...].range(of: "</\(element)>") else { return [] }
        let body = packet[packet.index(after: openEnd)..<close.lowerBound]
        var found: [Item] = []
        var rest = body[...]
        while let start = rest.range(of: "<rdf:li") {
            guard let tagEnd = rest[start.upperBound...].firstIndex(of: ">") else { break }
            let tag = rest[start.upperBound..<tagEnd]
            if rest[rest.index(before: tagEnd)] == "/" {
                rest = rest[rest.index(after: tagEnd)...]
                continue
            }
            guard let end = rest[tagEnd...].range(of: "</rdf:li>") else { break }
            let value = decodeEntities(String(rest[rest.index(after: tagEnd)..<end.lowerBound]))
            found.append(Item(text: value.cleanedMetadata(), isDefaultLanguage: tag.contains("x-default")))
            rest = rest[end.upperBound...]
        }
        if found.isEmpty, !body.contains("<") {
            found.append(Item(text: decodeEntities(String(body)).cleanedMetadata(), isDefaultLanguage: true))
        }
        return found
    }

    /// `dc:title="…"` written as an attribute of rdf:Description.
    private static func attribute(_ name: String, in packet: String) -> String? {
        for quote in ["\"", "'"] {
            guard let start = packet.range(of: "\(name)=\(quote)"),
                  let end = packet[start.upperBound...].range(of: quote) else { continue }
            return decodeEntities(String(packet[start.upperBound..<end.lowerBound])).cleanedMetadata()
        }
        return nil
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            output += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";"),
                  rest.distance(from: amp, to: semicolon) <= 10 else {
                output += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let name = String(rest[rest.index(after: amp)..<semicolon])
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
            if let value = named[name] {
                output += value
            } else if name.hasPrefix("#"), let code = name.hasPrefix("#x") || name.hasPrefix("#X")
                        ? UInt32(name.dropFirst(2), radix: 16) : UInt32(name.dropFirst()),
                      let scalar = Unicode.Scalar(code) {
                output.unicodeScalars.append(scalar)
            } else {
                output += "&" + name + ";"
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return output + rest
    }
}

extension PDFDocument {
    /// The document's XMP metadata stream, parsed; nil when it has none.
    public var xmpMetadata: XMPMetadata? {
        guard let packet = takeGString(poppler_document_get_metadata(document)) else { return nil }
        let parsed = XMPMetadata.parse(packet)
        return parsed.title == nil && parsed.creators.isEmpty ? nil : parsed
    }
}
