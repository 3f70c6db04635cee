import Foundation

/// The language reports are written in and how they write dates, chosen
/// like other POSIX programs from LC_ALL, then LC_MESSAGES, then LANG.
public struct ReportLocale: Sendable {
    public enum Language: String, Sendable {
        case english = "en"
        case chinese = "zh"
    }

    public var language: Language
    /// The Foundation locale dates are formatted with, e.g. en_US or zh_CN.
    public var identifier: String

    public init(language: Language, identifier: String) {
        self.language = language
        self.identifier = identifier
    }

    public static let english = ReportLocale(language: .english, identifier: "en_US")
    public static let chinese = ReportLocale(language: .chinese, identifier: "zh_CN")

    public static func from(environment: [String: String]) -> ReportLocale {
        let name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        // "zh_CN.UTF-8@variant" -> "zh_CN"
        let base = String(name.prefix { $0 != "." && $0 != "@" })
        if base.lowercased().hasPrefix("zh") {
            return ReportLocale(language: .chinese, identifier: base.contains("_") ? base : "zh_CN")
        }
        if base.lowercased().hasPrefix("en"), base.contains("_") {
            return ReportLocale(language: .english, identifier: base)
        }
        return .english
    }

    /// For pango, which picks Simplified Chinese glyph forms for "zh-cn".
    public var languageTag: String {
        identifier.replacingOccurrences(of: "_", with: "-").lowercased()
    }

    public var strings: ReportStrings { ReportStrings(language: language) }

    public func formatDate(_ date: Date) -> String { dateFormatter(time: false).string(from: date) }

    public func formatDateTime(_ date: Date) -> String { dateFormatter(time: true).string(from: date) }

    public func formatNumber(_ number: Int) -> String {
        let formatter = NumberFormatter()
        formatter.locale = Locale(identifier: identifier)
        formatter.numberStyle = .decimal
        return formatter.string(from: NSNumber(value: number)) ?? String(number)
    }

    private func dateFormatter(time: Bool) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: identifier)
        formatter.dateStyle = .medium
        formatter.timeStyle = time ? .short : .none
        return formatter
    }
}
