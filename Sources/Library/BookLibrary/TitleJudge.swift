import FileNames
import FoundationEssentials
import Glibc
import LeanBasics

/// Tells a title or an author a person would pick from the placeholders
/// that producers leave in PDFs ("Microsoft Word - report.doc", "haskell.dvi",
/// "untitled", "Administrator").
public enum TitleJudge {
    /// Extensions of the source files whose names producers copy into the title.
    static let sourceExtensions: Set<String> = [
        "dvi", "doc", "docx", "rtf", "odt", "tex", "pdf", "ps", "eps", "txt", "indd", "qxd", "qxp", "wpd",
        "ppt", "pptx", "xls", "xlsx", "htm", "html", "md", "pages", "key", "fm", "cdr", "ai", "pub", "sxw",
        "lyx", "texi", "xml", "sgml", "jpg", "png", "tif", "tiff", "cls", "sty",
    ]
    static let producerPrefixes = [
        "microsoft word - ", "microsoft powerpoint - ", "microsoft excel - ", "microsoft word – ",
        "powerpoint presentation", "microsoft word", "word document",
    ]
    static let placeholders: Set<String> = [
        "untitled", "untitled document", "no title", "title", "document", "new document", "doc", "empty",
        "presentation", "slide", "none", "null", "unknown", "default", "blank", "pdf", "print", "output",
        "main", "paper", "report", "draft", "temp", "tmp", "test", "book", "manual", "unnamed", "sans titre",
        "sin título", "ohne titel", "无标题", "文档", "документ", "без названия",
    ]

    /// Headings a first page may show in its largest type that name a part, not the work.
    static let headings: Set<String> = [
        "introduction", "contents", "table of contents", "preface", "abstract", "foreword", "index", "appendix",
        "front matter", "title page", "cover", "colophon",
        "chapter", "part", "summary", "acknowledgements", "acknowledgments", "copyright", "license", "licence",
        "inhalt", "inhaltsverzeichnis", "einleitung", "sommaire", "table des matières", "содержание", "введение",
        "目次", "目录", "前言", "序",
    ]

    /// Why the title is not one a person would pick, or nil when it is good.
    public static func junkReason(title: String?, fileName: String) -> String? {
        guard let title = title?.trimmingWhitespaceAndNewlines(), !title.isEmpty else { return "empty" }
        let lower = title.lowercased()
        if producerPrefixes.contains(where: { lower.hasPrefix($0) }) { return "producer placeholder" }
        if looksLikeFileName(title) { return "a file name" }
        if looksLikePath(title) { return "a path" }
        // "freeculture" repeats the file name; "Free Culture" is a title that happens to match it.
        if !title.contains(" "), sameName(title, fileName) { return "the file name" }
        let letters = title.unicodeScalars.filter { $0.properties.isAlphabetic }.count
        if letters == 0 { return "no letters" }
        if letters < 2 && !title.unicodeScalars.contains(where: { $0.properties.isIdeographic }) { return "too short" }
        let core = lower.trimming { ScalarClass.isDecimalDigit($0) || ScalarClass.isPunctuation($0) || ScalarClass.isWhitespace($0) }
        if placeholders.contains(core) || headings.contains(core) { return "placeholder" }
        if core.hasPrefix("untitled") || core.hasPrefix("document") && core.count <= 12 { return "placeholder" }
        return nil
    }

    public static func isGood(title: String?, fileName: String) -> Bool {
        junkReason(title: title, fileName: fileName) == nil
    }

    /// Byline placeholders: operating-system account names and the like.
    static let placeholderAuthors: Set<String> = [
        "unknown", "administrator", "admin", "user", "owner", "author", "microsoft", "windows user", "pc",
        "default", "none", "null", "anonymous", "root", "test", "guest", "me", "home", "microsoft office user",
        "standard", "staff", "utente", "benutzer", "пользователь", "作者", "用户",
    ]

    public static func isGood(author: String?) -> Bool {
        guard let author = author?.trimmingWhitespaceAndNewlines(), !author.isEmpty else { return false }
        let lower = author.lowercased()
        if placeholderAuthors.contains(lower) { return false }
        if author.unicodeScalars.filter({ $0.properties.isAlphabetic }).count < 2 { return false }
        // Perl's stringified references ("ARRAY(0x2c7cf020)") and account names ("Windows ユーザー").
        if lower.hasPrefix("array(0x") || lower.hasPrefix("hash(0x") || lower.hasPrefix("windows ") { return false }
        if looksLikePath(author) || looksLikeFileName(author) { return false }
        return true
    }

    /// "haskell.dvi", "Report_v2.doc".
    static func looksLikeFileName(_ text: String) -> Bool {
        let ext = PathName.extension(of: text).lowercased()
        guard !ext.isEmpty, sourceExtensions.contains(ext) else { return false }
        let stem = PathName.deletingExtension(of: text)
        return !stem.isEmpty && !stem.hasSuffix(" ")
    }

    /// "/home/x/paper", "C:\\Users\\…", "~/notes": a path, not a title.
    static func looksLikePath(_ text: String) -> Bool {
        if text.hasPrefix("/") || text.hasPrefix("~/") || text.hasPrefix("./") || text.hasPrefix("../") { return true }
        if text.contains("\\") { return true }
        if text.count >= 3, text.dropFirst().hasPrefix(":/") { return true }
        if text.hasPrefix("file:") || text.hasPrefix("http://") || text.hasPrefix("https://") { return true }
        return text.contains("/") && !text.contains(" ") && text.split(separator: "/").count >= 3
    }

    /// Equal apart from case, separators and extension: a title that only
    /// repeats the file name.
    static func sameName(_ title: String, _ fileName: String) -> Bool {
        func normalized(_ text: String) -> String {
            var stem = text
            if looksLikeFileName(stem) { stem = PathName.deletingExtension(of: stem) }
            return stem.lowercased().unicodeScalars
                .filter { ScalarClass.isAlphanumeric($0) }
                .map(String.init).joined()
        }
        let name = normalized(fileName)
        return !name.isEmpty && normalized(title) == name
    }

    /// A generator's name set before the title as `Name: - Title` (SiSU's
    /// "SiSU: - Live Systems Manual"): a title never reads so.
    public static func withoutGeneratorPrefix(_ title: String) -> String {
        guard let mark = title.firstRange(of: ": - "), !title[..<mark.lowerBound].contains(" "),
              !title[..<mark.lowerBound].isEmpty
        else { return title }
        return String(title[mark.upperBound...]).trimmingWhitespace()
    }

    /// What is left of a junk title once the producer's decorations are
    /// removed ("Microsoft Word - Annual Report.doc" → "Annual Report").
    /// Nil when there was no producer's prefix: "haskell.dvi" alone names a file, not the work.
    static func stripped(_ title: String) -> String? {
        var text = title.trimmingWhitespace()
        guard let prefix = producerPrefixes.first(where: { text.lowercased().hasPrefix($0) }) else { return nil }
        text = String(text.dropFirst(prefix.count))
        if looksLikeFileName(text) { text = PathName.deletingExtension(of: text) }
        return text.trimmingWhitespace()
    }
}
