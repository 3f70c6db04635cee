import Foundation

/// Tesseract's trained data as installed on this machine, and the choice of
/// languages for a page when the user names none.
public enum OCRLanguages {
    /// Where Debian's tesseract-ocr-* packages put their trained data, unless
    /// TESSDATA_PREFIX says otherwise (tesseract reads the same variable).
    public static func dataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let prefix = environment["TESSDATA_PREFIX"], !prefix.isEmpty { return prefix }
        return "/usr/share/tesseract-ocr/5/tessdata"
    }

    /// The language codes with trained data installed ("eng", "chi_sim", …), `osd` excluded.
    public static func installed(in directory: String = dataDirectory()) -> Set<String> {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return Set(files.filter { $0.hasSuffix(".traineddata") }.map { String($0.dropLast(".traineddata".count)) })
            .subtracting(["osd", "equ"])
    }

    /// Parses "eng+deu+chi_sim" and checks every language is installed.
    public static func parse(_ text: String, installed: Set<String> = installed()) throws -> [String] {
        let codes = text.split(separator: "+", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var result: [String] = []
        for code in codes {
            guard !code.isEmpty, code.count <= 40,
                  code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") })
            else { throw OCRError.invalidLanguage(code) }
            guard installed.contains(code) else { throw OCRError.languageNotInstalled(code) }
            if !result.contains(code) { result.append(code) }
        }
        return result
    }

    /// Debian names a language's package after its code, with '-' for '_'.
    public static func debianPackage(for code: String) -> String {
        "tesseract-ocr-" + code.lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// The installed languages that fit the script orientation detection saw
    /// on a page; English when none does.
    public static func forScript(_ script: String?, installed: Set<String>) -> [String] {
        let candidates: [String]
        switch script {
        case "Han": candidates = ["chi_sim", "chi_tra", "jpn"]
        case "Japanese", "Katakana", "Hiragana": candidates = ["jpn", "chi_sim"]
        case "Hangul": candidates = ["kor"]
        case "Cyrillic": candidates = ["rus", "ukr"]
        case "Greek": candidates = ["ell"]
        case "Arabic": candidates = ["ara"]
        case "Hebrew": candidates = ["heb"]
        case "Devanagari": candidates = ["hin"]
        case "Thai": candidates = ["tha"]
        default: candidates = []
        }
        // Several languages of one script slow tesseract down for little gain: the first installed wins.
        if let fit = candidates.first(where: installed.contains) {
            return installed.contains("eng") && fit != "eng" ? [fit, "eng"] : [fit]
        }
        return ["eng"]
    }

    /// Tesseract's code for a language tag as books carry it: ISO 639-1
    /// (`de`, `pt-BR`, `zh_TW`), ISO 639-2 (`deu`, `ger`, `fre`) or already
    /// tesseract's own (`chi_sim`). Nil for a tag none of these names.
    public static func tesseractCode(forLanguageTag tag: String) -> String? {
        let parts = tag.trimmingCharacters(in: .whitespaces).lowercased()
            .split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let primary = parts.first, primary.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        if primary == "zh" || primary == "chi" || primary == "zho" {
            // Traditional characters: Taiwan, Hong Kong, Macau, or the script named.
            let traditional = parts.dropFirst().contains { ["tw", "hk", "mo", "hant", "tra"].contains($0) }
            return traditional ? "chi_tra" : "chi_sim"
        }
        if let code = tesseractCodes[primary] { return code }
        if let code = bibliographicCodes[primary] { return code }
        // ISO 639-2/T codes are tesseract's for most languages.
        return primary.count == 3 && tesseractCodes.values.contains(primary) ? primary : nil
    }

    /// ISO 639-1 to tesseract, for the languages Debian has trained data for.
    private static let tesseractCodes: [String: String] = [
        "af": "afr", "am": "amh", "ar": "ara", "as": "asm", "az": "aze", "be": "bel", "bg": "bul", "bn": "ben",
        "bo": "bod", "bs": "bos", "br": "bre", "ca": "cat", "cs": "ces", "cy": "cym", "da": "dan", "de": "deu",
        "dz": "dzo", "el": "ell", "en": "eng", "eo": "epo", "es": "spa", "et": "est", "eu": "eus", "fa": "fas",
        "fi": "fin", "fo": "fao", "fr": "fra", "fy": "fry", "ga": "gle", "gd": "gla", "gl": "glg", "gu": "guj",
        "he": "heb", "hi": "hin", "hr": "hrv", "ht": "hat", "hu": "hun", "hy": "hye", "id": "ind", "is": "isl",
        "it": "ita", "iu": "iku", "ja": "jpn", "jv": "jav", "ka": "kat", "kk": "kaz", "km": "khm", "kn": "kan",
        "ko": "kor", "ku": "kmr", "ky": "kir", "la": "lat", "lb": "ltz", "lo": "lao", "lt": "lit", "lv": "lav",
        "mi": "mri", "mk": "mkd", "ml": "mal", "mn": "mon", "mr": "mar", "ms": "msa", "mt": "mlt", "my": "mya",
        "nb": "nor", "ne": "nep", "nl": "nld", "nn": "nor", "no": "nor", "oc": "oci", "or": "ori", "pa": "pan",
        "pl": "pol", "ps": "pus", "pt": "por", "qu": "que", "ro": "ron", "ru": "rus", "sa": "san", "sd": "snd",
        "si": "sin", "sk": "slk", "sl": "slv", "sq": "sqi", "sr": "srp", "su": "sun", "sv": "swe", "sw": "swa",
        "ta": "tam", "te": "tel", "tg": "tgk", "th": "tha", "ti": "tir", "tl": "tgl", "to": "ton", "tr": "tur",
        "tt": "tat", "ug": "uig", "uk": "ukr", "ur": "urd", "uz": "uzb", "vi": "vie", "yi": "yid", "yo": "yor",
    ]

    /// ISO 639-2/B codes where they differ from 639-2/T (which tesseract uses).
    private static let bibliographicCodes: [String: String] = [
        "alb": "sqi", "arm": "hye", "baq": "eus", "bur": "mya", "cze": "ces", "dut": "nld", "fre": "fra",
        "geo": "kat", "ger": "deu", "gre": "ell", "ice": "isl", "mac": "mkd", "may": "msa", "mao": "mri",
        "per": "fas", "rum": "ron", "slo": "slk", "tib": "bod", "wel": "cym",
    ]
}

