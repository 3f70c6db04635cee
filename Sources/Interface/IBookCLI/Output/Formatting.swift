import BookLibrary
import FoundationEssentials
import Glibc
import LeanBasics

/// How values look to people.
package enum Formatting {
    /// "2024-05-01 14:30" in the user's time zone.
    package static func date(_ date: Date) -> String {
        LocalTime.format(date.timeIntervalSince1970, "%Y-%m-%d %H:%M")
    }

    /// "2024-05-01" in the user's time zone.
    package static func day(_ date: Date) -> String {
        LocalTime.format(date.timeIntervalSince1970, "%Y-%m-%d")
    }

    package static func bytes(_ count: Int) -> String {
        let units = ["bytes", "KB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return unit == 0 ? "\(count) bytes" : CFormat.string(value < 10 ? "%.1f" : "%.0f", value) + " " + units[unit]
    }

    /// " (iv)" after a page number, or nothing when the label only repeats it.
    package static func labelSuffix(_ label: String?, page: Int, prefix: String = "") -> String {
        PageLabel.distinct(label, page: page).map { " (\(prefix)\($0))" } ?? ""
    }

    /// "3 hours ago", "yesterday", "just now".
    package static func relative(_ date: Date, now: Date = Date()) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        if seconds < 45 { return "just now" }
        func ago(_ value: Int, _ unit: String) -> String { "\(value) \(unit)\(value == 1 ? "" : "s") ago" }
        switch seconds {
        case ..<3600: return ago(max(1, (seconds + 30) / 60), "minute")
        case ..<86_400: return ago((seconds + 1800) / 3600, "hour")
        case ..<(2 * 86_400): return "yesterday"
        case ..<(30 * 86_400): return ago(seconds / 86_400, "day")
        case ..<(365 * 86_400): return ago(seconds / (30 * 86_400), "month")
        default: return ago(seconds / (365 * 86_400), "year")
        }
    }

    /// Page labels as runs: "i–iv, 1–304, A-1–A-10".
    package static func labelRuns(_ labels: [String]) -> String {
        var runs: [(first: String, last: String)] = []
        var previous: String?
        for label in labels {
            if let previous, PageLabelSequence.follows(label, previous), !runs.isEmpty {
                runs[runs.count - 1].last = label
            } else {
                runs.append((label, label))
            }
            previous = label
        }
        let shown = runs.prefix(8).map { $0.first == $0.last ? $0.first : "\($0.first)–\($0.last)" }
        return shown.joined(separator: ", ") + (runs.count > 8 ? ", …" : "")
    }
}

/// Whether one page label continues another ("v" after "iv", "A-4" after "A-3").
package enum PageLabelSequence {
    package static func follows(_ label: String, _ previous: String) -> Bool {
        let (prefix, number) = split(label)
        let (previousPrefix, previousNumber) = split(previous)
        guard let number, let previousNumber, prefix == previousPrefix else { return false }
        return number == previousNumber + 1
    }

    private static func split(_ label: String) -> (String, Int?) {
        if let roman = romanValue(label) { return ("roman:" + (label == label.uppercased() ? "U" : "l"), roman) }
        let digits = label.reversed().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let value = Int(String(digits.reversed())) else { return (label, nil) }
        return (String(label.dropLast(digits.count)), value)
    }

    package static func romanValue(_ text: String) -> Int? {
        let values: [Character: Int] = ["i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000]
        let lower = text.lowercased()
        guard !lower.isEmpty, lower.allSatisfy({ values[$0] != nil }) else { return nil }
        var total = 0
        let digits = lower.compactMap { values[$0] }
        for (index, value) in digits.enumerated() {
            if index + 1 < digits.count, value < digits[index + 1] { total -= value } else { total += value }
        }
        return total
    }
}
