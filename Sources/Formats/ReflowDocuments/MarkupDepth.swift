/// How deeply a chapter's elements nest, counted by a scan of its bytes before MuPDF lays it out.
/// MuPDF 1.21 builds and lays out HTML boxes recursively: 10,000 nested <div>s overflow the main
/// thread's 8 MB stack and 500 a 512 kB thread's (measured; the process dies of SIGSEGV). Real books
/// nest a few dozen levels deep.
enum MarkupDepth {
    /// Safe on a 512 kB thread stack for div, span, blockquote, td, li and a (each tried at 300).
    static let deepest = 200

    /// Elements that never hold others in HTML, written without "/>" in HTML that is no XML.
    private static let void: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link",
                                           "meta", "param", "source", "track", "wbr"]

    /// True when some element lies more than `limit` levels deep. Comments, CDATA, processing
    /// instructions, doctypes and the contents of <script> and <style> are skipped.
    static func exceeds(_ limit: Int, in bytes: [UInt8]) -> Bool {
        let lt = UInt8(ascii: "<"), gt = UInt8(ascii: ">"), slash = UInt8(ascii: "/")
        var depth = 0
        var index = 0
        let count = bytes.count
        func find(_ pattern: [UInt8], from start: Int) -> Int {
            var at = start
            while at + pattern.count <= count {
                if bytes[at] == pattern[0] && bytes[at..<at + pattern.count].elementsEqual(pattern) { return at + pattern.count }
                at += 1
            }
            return count
        }
        while index < count {
            guard bytes[index] == lt, index + 1 < count else {
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if next == slash {
                depth = max(0, depth - 1)
                index = find([gt], from: index + 2)
            } else if next == UInt8(ascii: "!") {
                if bytes[index...].starts(with: Array("<!--".utf8)) {
                    index = find(Array("-->".utf8), from: index + 4)
                } else if bytes[index...].starts(with: Array("<![CDATA[".utf8)) {
                    index = find(Array("]]>".utf8), from: index + 9)
                } else {
                    index = find([gt], from: index + 2)
                }
            } else if next == UInt8(ascii: "?") {
                index = find(Array("?>".utf8), from: index + 2)
            } else {
                var end = index + 1
                while end < count, isNameByte(bytes[end]) { end += 1 }
                let name = String(decoding: bytes[index + 1..<end], as: UTF8.self).lowercased()
                let localName = name.split(separator: ":").last.map(String.init) ?? name
                // The tag's end, past quoted attribute values that may hold '>'.
                var quote: UInt8?
                while end < count {
                    let byte = bytes[end]
                    if let open = quote {
                        if byte == open { quote = nil }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == gt {
                        break
                    }
                    end += 1
                }
                let selfClosing = end > index && end < count && bytes[end - 1] == slash
                index = end + 1
                if name.isEmpty || selfClosing || void.contains(localName) { continue }
                if localName == "script" || localName == "style" {
                    index = find(Array("</\(localName)".utf8), from: index)
                    index = find([gt], from: index)
                    continue
                }
                depth += 1
                if depth > limit { return true }
            }
        }
        return false
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: ":"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), 0x80...0xFF:
            return true
        default:
            return false
        }
    }
}
