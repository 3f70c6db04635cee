/// A query given as several command-line words: the shell has already
/// removed the quotes, so a word holding a space is quoted again.
public enum QueryText {
    public static func join(_ words: [String]) -> String {
        words.map { word in
            guard word.contains(where: \.isWhitespace), !word.contains("\"") else { return word }
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
}
