/// SQL written with SQLite's `?` placeholders turned into PostgreSQL's `$1`,
/// `$2`, …, so that the domain writes each statement once. Question marks
/// inside string literals, quoted identifiers and comments are left alone;
/// `?NNN` keeps its number.
enum PlaceholderNumbering {
    static func numbered(_ sql: String) -> String {
        var output = ""
        output.reserveCapacity(sql.utf8.count + 8)
        var next = 1
        var quote: Character?
        var inLineComment = false
        let characters = Array(sql)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            defer { index += 1 }
            if inLineComment {
                output.append(character)
                if character == "\n" { inLineComment = false }
                continue
            }
            if let open = quote {
                output.append(character)
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                output.append(character)
            case "-" where index + 1 < characters.count && characters[index + 1] == "-":
                inLineComment = true
                output.append(character)
            case "?":
                var digits = ""
                while index + 1 < characters.count, characters[index + 1].isASCII, characters[index + 1].isNumber {
                    digits.append(characters[index + 1])
                    index += 1
                }
                if digits.isEmpty {
                    output += "$\(next)"
                    next += 1
                } else {
                    output += "$" + digits
                }
            default:
                output.append(character)
            }
        }
        return output
    }
}
