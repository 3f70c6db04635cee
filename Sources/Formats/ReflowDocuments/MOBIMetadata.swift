import Foundation

/// A MOBI's metadata from its first record: the MOBI header's full name and text encoding, and the
/// EXTH records after it (100 author, 101 publisher, 103 description, 104 ISBN, 105 subject,
/// 106 date, 113 ASIN, 503 title, 524 language). MuPDF reads only the text.
enum MOBIMetadata {
    /// Record 0 is a few kilobytes; no more is read than this.
    static let headLength = 1 << 20
    /// A picture larger than this is no cover.
    static let largestCover: UInt64 = 32 << 20

    static func read(_ bytes: [UInt8]) -> ReflowMetadata? {
        guard bytes.count >= 86, be16(bytes, 76) >= 1 else { return nil }
        let start = Int(be32(bytes, 78))
        let end = be16(bytes, 76) > 1 && bytes.count >= 94 ? Int(be32(bytes, 86)) : bytes.count
        guard start < end, end <= bytes.count else { return nil }
        let record = Array(bytes[start..<end])
        guard record.count >= 132, Array(record[16..<20]) == Array("MOBI".utf8) else { return nil }
        let headerLength = Int(be32(record, 20))
        let utf8 = be32(record, 28) == 65001
        func text(_ slice: ArraySlice<UInt8>) -> String {
            utf8 ? String(decoding: slice, as: UTF8.self) : String(data: Data(slice), encoding: .windowsCP1252) ?? ""
        }
        var metadata = ReflowMetadata()
        let nameOffset = Int(be32(record, 84)), nameLength = Int(be32(record, 88))
        if nameOffset > 0, nameLength > 0, nameOffset <= record.count, nameLength <= record.count - nameOffset {
            metadata.title = text(record[nameOffset..<nameOffset + nameLength]).cleanedBookText(limit: 500)
        }
        let exth = 16 + headerLength
        guard be32(record, 128) & 0x40 != 0, headerLength >= 116, record.count >= exth + 12,
              Array(record[exth..<exth + 4]) == Array("EXTH".utf8) else { return metadata }
        var offset = exth + 12
        var creators: [ReflowCreator] = []
        for _ in 0..<min(Int(be32(record, exth + 8)), 1000) {
            guard record.count - offset >= 8 else { break }
            let type = be32(record, offset), length = Int(be32(record, offset + 4))
            guard length >= 8, length <= record.count - offset else { break }
            let value = text(record[offset + 8..<offset + length])
            switch type {
            case 100: if let name = value.cleanedBookText(limit: 200) { creators.append(ReflowCreator(name: name, role: "aut")) }
            case 101: metadata.publisher = metadata.publisher ?? value.cleanedBookText(limit: 200)
            case 103: metadata.description = metadata.description ?? value.strippingMarkup().cleanedBookText(limit: 5000)
            case 104:
                if let isbn = value.cleanedBookText(limit: 40) {
                    metadata.identifiers["isbn"] = isbn
                    metadata.isbn = isbn.filter { $0 != "-" && $0 != " " }
                }
            case 105: if let subject = value.cleanedBookText(limit: 200), metadata.subjects.count < 100 { metadata.subjects.append(subject) }
            case 106: metadata.date = metadata.date ?? value.cleanedBookText(limit: 40)
            case 113: metadata.identifiers["asin"] = value.cleanedBookText(limit: 40)
            case 503: metadata.title = value.cleanedBookText(limit: 500) ?? metadata.title
            case 524: metadata.language = value.cleanedBookText(limit: 35)
            default: break
            }
            offset += length
        }
        metadata.creators = creators
        return metadata
    }

    /// Where the cover picture is in the file: the record EXTH 201 (cover offset) names, counted from
    /// the MOBI header's first image record; its end is the next record's start (nil: the file's end).
    /// MuPDF reads only a MOBI's text, so the picture is read from its record by hand.
    static func coverRecord(_ head: [UInt8]) -> (start: UInt64, end: UInt64?)? {
        let count = be16(head, 76)
        guard count >= 2, head.count >= 78 + 8 * count else { return nil }
        func offset(_ index: Int) -> Int { Int(be32(head, 78 + 8 * index)) }
        let start = offset(0), end = offset(1)
        guard start < end, end <= head.count else { return nil }
        let record = Array(head[start..<end])
        guard record.count >= 132, Array(record[16..<20]) == Array("MOBI".utf8) else { return nil }
        let firstImage = be32(record, 108)
        let headerLength = Int(be32(record, 20))
        let exth = 16 + headerLength
        guard firstImage != 0xFFFF_FFFF, be32(record, 128) & 0x40 != 0, record.count >= exth + 12,
              Array(record[exth..<exth + 4]) == Array("EXTH".utf8) else { return nil }
        var at = exth + 12
        for _ in 0..<min(Int(be32(record, exth + 8)), 1000) {
            guard record.count - at >= 8 else { break }
            let type = be32(record, at), length = Int(be32(record, at + 4))
            guard length >= 8, length <= record.count - at else { break }
            if type == 201, length >= 12 {
                let index = Int(firstImage) + Int(be32(record, at + 8))
                guard index > 0, index < count else { return nil }
                return (UInt64(offset(index)), index + 1 < count ? UInt64(offset(index + 1)) : nil)
            }
            at += length
        }
        return nil
    }

    private static func be16(_ bytes: [UInt8], _ at: Int) -> Int {
        at + 2 <= bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : 0
    }

    private static func be32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        at + 4 <= bytes.count ? UInt32(be16(bytes, at)) << 16 | UInt32(be16(bytes, at + 2)) : 0
    }
}
