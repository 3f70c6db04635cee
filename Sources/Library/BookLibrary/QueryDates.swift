import FoundationEssentials
import LeanBasics
import Glibc

/// Dates in queries: a day, a month or a year ("2024-05-01", "2024-05",
/// "2024"), or an age ("30d", "2w", "6m", "1y") counted back from now.
enum QueryDates {
    /// The span the text names; an age is the instant that long ago.
    static func interval(_ text: String, now: Date) -> (start: Date, end: Date, isAge: Bool)? {
        if let unit = text.last, let count = Int(text.dropLast()), count >= 0, count < 100_000 {
            let days: Double
            switch unit {
            case "d": days = 1
            case "w": days = 7
            case "m": days = 30
            case "y": days = 365
            default: return nil
            }
            let instant = now.addingTimeInterval(-Double(count) * days * 86_400)
            return (instant, instant, true)
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil }), let year = parts[0], (1...9999).contains(year) else {
            return nil
        }
        let month = parts.count > 1 ? parts[1]! : 1, day = parts.count > 2 ? parts[2]! : 1
        // Local midnights (a day past a month's end carried into the next, as the calendar does).
        guard (1...12).contains(month), (1...31).contains(day),
              let start = LocalTime.midnight(year: year, month: month, day: day) else { return nil }
        let next: Double?
        switch parts.count {
        case 1: next = LocalTime.midnight(year: year + 1, month: month, day: day)
        case 2: next = LocalTime.midnight(year: year, month: month + 1, day: day)
        default: next = LocalTime.midnight(year: year, month: month, day: day + 1)
        }
        guard let end = next else { return nil }
        return (Date(timeIntervalSince1970: start), Date(timeIntervalSince1970: end), false)
    }
}
