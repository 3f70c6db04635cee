import Foundation

/// Default output names such as `catalog-2026-11-29.pdf`, safe on any file system.
public enum ReportFileName {
    public static func make(for report: Report, format: ReportFormat, date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        var parts = [report.kind.rawValue]
        if let hint = report.nameHint, !hint.isEmpty { parts.append(String(hint.prefix(40))) }
        parts.append(formatter.string(from: date))
        return sanitized(parts.joined(separator: "-") + "." + format.rawValue)
    }

    /// Every character outside `[A-Za-z0-9._-]` becomes `_`.
    public static func sanitized(_ name: String) -> String {
        String(name.unicodeScalars.map { scalar -> Character in
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", ".", "_", "-": return Character(scalar)
            default: return "_"
            }
        })
    }
}
