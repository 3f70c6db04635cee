// ProseGenerator: deterministic, readable filler text. Sentences come from
// templates whose {slots} are filled from word lists with a seeded PRNG, so
// the same seed always gives the same text on every machine and Swift
// version (no use of the standard library's random algorithms).

/// SplitMix64. Small, fast and fully specified.
struct SeededGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform-enough integer in 0..<bound.
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// A Double in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// A small grammar: sentence templates and the word lists for their slots.
///
/// In a template, `{name}` is replaced by a random entry of `slots["name"]`,
/// and `{name?}` by one half of the time (nothing otherwise).
struct Lexicon {
    var templates: [String]
    var slots: [String: [String]]
    /// Placed between sentences ("" for Chinese and Japanese).
    var sentenceSeparator = " "
    /// Upper-case the first letter of each sentence.
    var capitalize = true
}

struct ProseGenerator {
    private var rng: SeededGenerator
    let lexicon: Lexicon

    init(lexicon: Lexicon, seed: UInt64) {
        self.lexicon = lexicon
        rng = SeededGenerator(seed: seed)
    }

    mutating func sentence() -> String {
        let template = rng.pick(lexicon.templates)
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                preconditionFailure("unclosed slot in template: \(template)")
            }
            var name = String(rest[rest.index(after: open)..<close])
            var optional = false
            if name.hasSuffix("?") {
                optional = true
                name.removeLast()
            }
            guard let words = lexicon.slots[name], !words.isEmpty else {
                preconditionFailure("unknown slot {\(name)} in template: \(template)")
            }
            if !optional || rng.chance(50) { out += rng.pick(words) }
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return tidy(out)
    }

    mutating func paragraph(sentences: Int) -> String {
        (0..<sentences).map { _ in sentence() }.joined(separator: lexicon.sentenceSeparator)
    }

    /// A paragraph of `minSentences...maxSentences` sentences.
    mutating func paragraph(_ range: ClosedRange<Int>) -> String {
        paragraph(sentences: range.lowerBound + rng.below(range.count))
    }

    /// Collapses the spaces left by empty optional slots, fixes spacing before
    /// punctuation, and capitalizes.
    private func tidy(_ s: String) -> String {
        var t = s
        while t.contains("  ") { t = t.replacingAll("  ", with: " ") }
        for p in [" .", " ,", " ;", " :"] { t = t.replacingAll(p, with: String(p.last!)) }
        t = t.replacingAll(",,", with: ",")
        t = String(t.drop(while: { $0 == " " }))
        if lexicon.capitalize, let first = t.first {
            t = first.uppercased() + t.dropFirst()
        }
        return t
    }
}

extension String {
    /// Plain literal replacement (Foundation-free).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.range(ofLiteral: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        result += rest
        return result
    }
}

extension Substring {
    func range(ofLiteral target: String) -> Range<Substring.Index>? {
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(target) {
                return i..<index(i, offsetBy: target.count)
            }
            i = index(after: i)
        }
        return nil
    }
}
