/// A query given as several command-line words: the shell has already
/// removed the quotes, so a word holding a space is quoted again, unless it
/// is a whole query in one argument (`'tag:a OR tag:b'`).
public enum QueryText {
    public static func join(_ words: [String]) -> String {
        words.map { word in
            guard word.contains(where: \.isWhitespace), !word.contains("\""), !isWholeQuery(word) else { return word }
            var prefix = ""
            var rest = Substring(word)
            if rest.hasPrefix("-") {
                prefix = "-"
                rest = rest.dropFirst()
            }
            if let colon = rest.firstIndex(of: ":"), !rest[..<colon].contains(where: \.isWhitespace), colon != rest.startIndex {
                return prefix + rest[...colon] + "\"" + rest[rest.index(after: colon)...] + "\""
            }
            return prefix + "\"" + rest + "\""
        }.joined(separator: " ")
    }

    /// Later words that are terms or operators of their own.
    static func isWholeQuery(_ text: String) -> Bool {
        text.split(whereSeparator: \.isWhitespace).dropFirst().contains { word in
            word == "OR" || word == "AND" || word.contains(":") || word.hasPrefix("-") || word.hasPrefix("(") || word.hasSuffix(")")
        }
    }
}
