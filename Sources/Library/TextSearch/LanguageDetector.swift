/// Tells a book's language from its text by how often each language's
/// commonest short words occur: a few pages of any prose carry dozens of
/// them, and they barely overlap between languages. Only the languages
/// there is a stemmer for are told apart.
package enum LanguageDetector {
    /// Function words, folded as index terms are (lowercase, no accents).
    private static let stopWords: [BookLanguage: Set<String>] = [
        .english: ["the", "a", "of", "and", "to", "in", "is", "that", "for", "it", "with", "as", "was", "on", "be",
                   "by", "this", "are", "from", "or", "which", "an", "not", "at", "have", "you", "can"],
        .french: ["le", "la", "les", "des", "du", "un", "une", "est", "et", "que", "qui", "dans", "pour", "pas",
                  "sur", "au", "aux", "par", "avec", "ce", "sont", "plus", "ne", "se", "il", "nous"],
        .german: ["der", "die", "das", "und", "ist", "nicht", "ein", "eine", "den", "dem", "des", "mit", "sich",
                  "auf", "fur", "von", "zu", "im", "auch", "es", "wird", "sind", "werden", "oder", "bei", "wie"],
        .spanish: ["el", "los", "las", "que", "y", "en", "una", "es", "por", "con", "para", "del", "se", "no",
                   "al", "lo", "como", "mas", "su", "sus", "pero", "esta", "son", "tambien", "puede", "entre"],
        .italian: ["il", "lo", "gli", "di", "che", "e", "una", "per", "non", "con", "della", "sono", "da", "nel",
                   "alla", "piu", "anche", "come", "questo", "delle", "dei", "essere", "ha", "si", "ma", "sul"],
        .portuguese: ["o", "os", "as", "que", "e", "do", "da", "dos", "das", "em", "um", "uma", "para", "com",
                      "nao", "por", "mais", "no", "na", "ao", "como", "foi", "ser", "sao", "tambem", "pelo"],
        .dutch: ["de", "het", "een", "en", "van", "is", "dat", "op", "te", "niet", "zijn", "met", "voor", "er",
                 "die", "ook", "aan", "worden", "wordt", "bij", "naar", "als", "dit", "kan", "deze", "of"],
        .swedish: ["och", "att", "det", "som", "en", "ett", "ar", "av", "for", "med", "den", "till", "inte", "pa",
                   "har", "om", "var", "jag", "kan", "de", "sig", "eller", "vid", "sa", "ska", "fran"],
        .danish: ["og", "at", "det", "som", "en", "et", "er", "af", "for", "med", "den", "til", "ikke", "pa",
                  "har", "de", "der", "jeg", "kan", "fra", "eller", "vil", "skal", "sig", "ved", "hvor"],
        .norwegian: ["og", "at", "det", "som", "en", "et", "er", "av", "for", "med", "den", "til", "ikke", "pa",
                     "har", "de", "jeg", "kan", "fra", "eller", "vil", "skal", "seg", "ved", "hvor", "ble"],
        .finnish: ["ja", "on", "ei", "se", "etta", "oli", "han", "mutta", "kun", "niin", "myos", "tai", "joka",
                   "ovat", "kuin", "mika", "ole", "voi", "sen", "tama", "jos", "nyt", "vain", "kaikki", "ne", "siita"],
        .russian: ["и", "в", "не", "на", "что", "с", "по", "это", "как", "из", "к", "у", "для", "от", "же", "он",
                   "все", "так", "его", "но", "или", "то", "при", "быть", "был", "она"],
        .hungarian: ["a", "az", "es", "hogy", "nem", "is", "egy", "van", "meg", "de", "mint", "ez", "azt", "csak",
                     "mar", "volt", "vagy", "kell", "majd", "sem", "el", "igen", "ha", "pedig", "mert", "ki"],
        .romanian: ["si", "de", "la", "in", "cu", "pe", "nu", "este", "o", "ca", "un", "care", "din", "sa", "mai",
                    "ce", "sunt", "fost", "pentru", "sau", "ale", "lui", "prin", "fi", "dar", "acest"],
        .turkish: ["ve", "bir", "bu", "da", "de", "icin", "ile", "gibi", "daha", "cok", "olan", "ne", "ama",
                   "olarak", "kadar", "sonra", "her", "en", "ise", "var", "veya", "o", "mi", "degil", "ya", "hem"],
        .indonesian: ["dan", "yang", "di", "ini", "itu", "dengan", "untuk", "dari", "tidak", "dalam", "akan",
                      "adalah", "ke", "pada", "juga", "ada", "atau", "oleh", "sebagai", "dapat", "karena",
                      "telah", "saya", "kami", "mereka", "bisa"],
        .catalan: ["el", "els", "les", "de", "que", "i", "en", "un", "una", "es", "per", "amb", "no", "del", "al",
                   "com", "mes", "aquest", "aquesta", "pero", "seva", "dels", "pel", "son", "tambe", "hi"],
        .polish: ["i", "w", "z", "na", "sie", "nie", "do", "to", "ze", "jest", "jak", "ale", "po", "co", "tak", "za",
                  "od", "przez", "dla", "sa", "oraz", "lub", "moze", "czy", "byc", "ktore"],
        // Vietnamese is written a syllable a word; đ is a letter of its own (`TermFolding`).
        .vietnamese: ["cua", "va", "cac", "trong", "đuoc", "cho", "mot", "nhung", "khong", "voi", "nay", "khi",
                      "thi", "đa", "nguoi", "se", "cung", "neu", "đe", "theo", "nhu", "tai", "đen", "ban", "ra", "vao"],
    ]

    /// Below this many function words the text says too little to tell.
    static let minimumEvidence = 12

    /// The language most of whose function words occur among `terms` (index
    /// terms of the text), then the one whose occur most often; nil when the
    /// text is too short or in none of them. Counting distinct words first
    /// keeps a word two languages share (English and Hungarian `a`, `is`)
    /// from deciding alone.
    package static func detect<Terms: Sequence>(terms: Terms) -> BookLanguage? where Terms.Element == String {
        var counts: [String: Int] = [:]
        for term in terms where term.utf8.count <= 8 { counts[term, default: 0] += 1 }
        func score(_ language: BookLanguage) -> (distinct: Int, total: Int) {
            let found = (stopWords[language] ?? []).compactMap { counts[$0] }
            return (found.count, found.reduce(0, +))
        }
        let candidates = BookLanguage.allCases.filter { stopWords[$0] != nil }
        let scores = Dictionary(uniqueKeysWithValues: candidates.map { ($0, score($0)) })
        // Ties go to the earlier language in `allCases`, so the result never depends on dictionary order.
        guard let best = candidates.max(by: { first, second in
            let a = scores[first]!, b = scores[second]!
            return (a.distinct, a.total, second.order) < (b.distinct, b.total, first.order)
        }), scores[best]!.total >= minimumEvidence
        else { return nil }
        return best
    }
}

private extension BookLanguage {
    var order: Int { BookLanguage.allCases.firstIndex(of: self) ?? 0 }
}

extension LanguageDetector {
    /// Reads at most this many words: enough to tell, cheap for a long book.
    package static let sampleSize = 20_000
    /// Pages read from a longer book, spread over it: a manual's first pages
    /// are often its licence or colophon in English, whatever the book's language.
    package static let samplePages = 60

    /// The pages (0-based) of a book of `pageCount` pages that the detector reads.
    package static func samplePageIndexes(pageCount: Int) -> [Int] {
        guard pageCount > samplePages else { return Array(0..<pageCount) }
        return (0..<samplePages).map { $0 * pageCount / samplePages }
    }

    /// The language of a book's pages (all of them, in order), from the
    /// words of pages spread over the book; Chinese, Japanese and Korean by
    /// their scripts (`CJKScripts`), the others by their function words.
    package static func detect(pages: [String]) -> BookLanguage? {
        let folder = TermFolder(stemmer: nil)
        var terms: [String] = []
        var scripts = CJKScripts()
        for index in samplePageIndexes(pageCount: pages.count) where terms.count + scripts.total < sampleSize {
            var page = pages[index]
            page.withUTF8 { bytes in
                for word in WordScanner.words(in: bytes) {
                    switch word.kind {
                    case .text: terms.append(folder.fold(bytes, word).term)
                    case .cjk: scripts.count(WordScanner.decode(bytes, at: word.start).0)
                    default: break
                    }
                }
            }
        }
        if let language = scripts.language(besides: terms.count) { return language }
        return detect(terms: terms)
    }
}

/// How many characters of a text are Han ideographs, kana and Hangul: a
/// Chinese, Japanese or Korean book is mostly one of them, however much
/// English (commands, names) its pages carry.
package struct CJKScripts {
    private(set) var han = 0, kana = 0, hangul = 0
    package var total: Int { han + kana + hangul }

    package mutating func count(_ scalar: UInt32) {
        switch scalar {
        case 0xAC00...0xD7AF: hangul += 1
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: kana += 1
        default: han += 1
        }
    }

    /// The language, when these characters outnumber half the other words
    /// (at least 50 of them): Korean where Hangul is most, Japanese where
    /// kana are a twentieth of the rest or more (kanji prose is full of
    /// particles in kana), else Chinese.
    package func language(besides words: Int) -> BookLanguage? {
        guard total >= 50, total * 2 >= words else { return nil }
        if hangul * 2 > total { return .korean }
        return kana * 20 >= han + kana ? .japanese : .chinese
    }
}
