#if canImport(Glibc)
import Glibc
#endif

/// Dates in the user's time zone (TZ, else /etc/localtime) through the C
/// library: FoundationEssentials alone knows only GMT offsets.
public enum LocalTime {
    /// `date` (seconds since 1970) formatted by strftime in the local zone.
    public static func format(_ secondsSince1970: Double, _ format: String) -> String {
        var seconds = time_t(secondsSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let count = strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The local calendar year of an instant.
    public static func year(_ secondsSince1970: Double) -> Int {
        var seconds = time_t(secondsSince1970.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return Int(parts.tm_year) + 1900
    }

    /// The instant local midnight starts a day, months and days past their
    /// ends carried over as the calendar does (April 31 is May 1).
    public static func midnight(year: Int, month: Int, day: Int) -> Double? {
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_isdst = -1
        let seconds = mktime(&parts)
        return seconds == -1 && errno == EOVERFLOW ? nil : Double(seconds)
    }
}
