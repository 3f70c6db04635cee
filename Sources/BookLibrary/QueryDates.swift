import Foundation

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
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil }), let year = parts[0], (1...9999).contains(year) else {
            return nil
        }
        var components = DateComponents(year: year, month: parts.count > 1 ? parts[1] : 1, day: parts.count > 2 ? parts[2] : 1)
        guard let month = components.month, (1...12).contains(month), let day = components.day, (1...31).contains(day),
              let start = calendar.date(from: components) else { return nil }
        components = DateComponents()
        switch parts.count {
        case 1: components.year = 1
        case 2: components.month = 1
        default: components.day = 1
        }
        guard let end = calendar.date(byAdding: components, to: start) else { return nil }
        return (start, end, false)
    }
}
