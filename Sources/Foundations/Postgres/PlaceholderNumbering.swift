/// SQL written with SQLite's `?` placeholders turned into PostgreSQL's `$1`,
/// `$2`, …, so that the domain writes each statement once. Question marks
/// inside string literals, quoted identifiers and comments are left alone;
/// `?NNN` keeps its number.
///
/// Read byte by byte, as the server's lexer reads it: every character that
/// matters here is ASCII, and a search's statements are long (a page
/// lookup's condition), where walking them as Characters was 4 % of the
/// client's instructions.
enum PlaceholderNumbering {
    static func numbered(_ sql: String) -> String {
        let bytes = Array(sql.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 8)
        var next = 1
        var quote: UInt8?
        var inLineComment = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            defer { index += 1 }
            if inLineComment {
                output.append(byte)
                if byte == UInt8(ascii: "\n") { inLineComment = false }
                continue
            }
            if let open = quote {
                output.append(byte)
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                quote = byte
                output.append(byte)
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                inLineComment = true
                output.append(byte)
            case UInt8(ascii: "?"):
                output.append(UInt8(ascii: "$"))
                let digitsStart = index + 1
                while index + 1 < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1]) {
                    index += 1
                }
                if index + 1 == digitsStart {
                    output += Array(String(next).utf8)
                    next += 1
                } else {
                    output += bytes[digitsStart...index]
                }
            default:
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
