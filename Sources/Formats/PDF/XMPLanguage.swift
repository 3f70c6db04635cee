import Foundation

/// The language an XMP packet declares, for `DeclaredMetadata.language`.
enum XMPLanguage {
    /// The first language in an XMP packet's `dc:language` bag, if any.
    static func first(in xmp: String) -> String? {
        guard let property = xmp.range(of: "<dc:language"),
              let close = xmp.range(of: "</dc:language>", range: property.upperBound..<xmp.endIndex),
              let item = xmp.range(of: "<rdf:li", range: property.upperBound..<close.lowerBound),
              let open = xmp.range(of: ">", range: item.upperBound..<close.lowerBound),
              let end = xmp.range(of: "</rdf:li>", range: open.upperBound..<close.lowerBound)
        else { return nil }
        return String(xmp[open.upperBound..<end.lowerBound]).cleanedMetadata(limit: 35)
    }
}
