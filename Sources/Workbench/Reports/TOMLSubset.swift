/// Reads the part of TOML a settings file needs: `[section]` headers,
/// `key = "string"` (basic strings with escapes) and `key = 'literal'`
/// lines, comments and blank lines. Anything else is an error naming the
/// line, rather than a setting silently ignored.
public enum TOMLSubset {
    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// Values by section, then key; keys before any header are in section "".
    public static func parse(_ text: String) throws -> [String: [String: String]] {
        var tables: [String: [String: String]] = [:]
        var section = ""
        // Lines split on scalars: Swift takes "\r\n" as one Character, so a file
        // written on Windows would otherwise be one long line.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { scalars in
            String(String.UnicodeScalarView(scalars.last == "\r" ? scalars.dropLast() : scalars))
        }
        for (index, rawLine) in lines.enumerated() {
            let number = index + 1
            var line = Substring(rawLine)
            line = line.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                guard let close = line.firstIndex(of: "]") else {
                    throw SyntaxError(line: number, reason: "a section header needs a closing ']'")
                }
                let name = line[line.index(after: line.startIndex)..<close].trimmingCharacters(in: .whitespaces)
                guard name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ !$0.isEmpty && $0.allSatisfy(isKeyCharacter(_:)) }) else {
                    throw SyntaxError(line: number, reason: "'\(name)' is not a section name")
                }
                try expectOnlyComment(line[line.index(after: close)...], line: number)
                section = name
                tables[section, default: [:]] = tables[section] ?? [:]
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw SyntaxError(line: number, reason: "expected key = \"value\"")
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, key.allSatisfy(isKeyCharacter(_:)) else {
                throw SyntaxError(line: number, reason: "'\(key)' is not a key")
            }
            var rest = line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
            let value: String
            switch rest.first {
            case "\"": value = try basicString(&rest, line: number)
            case "'": value = try literalString(&rest, line: number)
            default: throw SyntaxError(line: number, reason: "the value of '\(key)' must be a quoted string")
            }
            try expectOnlyComment(rest, line: number)
            guard tables[section]?[key] == nil else {
                throw SyntaxError(line: number, reason: "'\(key)' is set twice")
            }
            tables[section, default: [:]][key] = value
        }
        return tables
    }

    private static func isKeyCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "_" || character == "-")
    }

    private static func expectOnlyComment(_ rest: Substring, line: Int) throws {
        let trimmed = rest.drop { $0 == " " || $0 == "\t" }
        guard trimmed.isEmpty || trimmed.hasPrefix("#") else {
            throw SyntaxError(line: line, reason: "unexpected '\(trimmed)'")
        }
    }

    private static func literalString(_ text: inout Substring, line: Int) throws -> String {
        text = text.dropFirst()
        guard let close = text.firstIndex(of: "'") else { throw SyntaxError(line: line, reason: "unterminated string") }
        let value = String(text[..<close])
        text = text[text.index(after: close)...]
        return value
    }

    private static func basicString(_ text: inout Substring, line: Int) throws -> String {
        var value = ""
        var iterator = text.dropFirst().makeIterator()
        var consumed = 1
        while let character = iterator.next() {
            consumed += 1
            switch character {
            case "\"":
                text = text.dropFirst(consumed)
                return value
            case "\\":
                guard let escaped = iterator.next() else { break }
                consumed += 1
                switch escaped {
                case "\"": value.append("\"")
                case "\\": value.append("\\")
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "r": value.append("\r")
                case "u", "U":
                    let length = escaped == "u" ? 4 : 8
                    var hex = ""
                    for _ in 0..<length { if let digit = iterator.next() { hex.append(digit); consumed += 1 } }
                    guard hex.count == length, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                        throw SyntaxError(line: line, reason: "invalid escape '\\\(escaped)\(hex)'")
                    }
                    value.unicodeScalars.append(scalar)
                default:
                    throw SyntaxError(line: line, reason: "invalid escape '\\\(escaped)'")
                }
            default:
                value.append(character)
            }
        }
        throw SyntaxError(line: line, reason: "unterminated string")
    }
}
