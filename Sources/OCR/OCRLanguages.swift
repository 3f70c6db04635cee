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
}
