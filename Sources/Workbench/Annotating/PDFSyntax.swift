import Foundation

/// Values written the way PDF syntax spells them.
enum PDFSyntax {
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// A text string in UTF-16BE with its byte order mark, as hex: safe for
    /// any character, parentheses and backslashes included.
    static func text(_ value: String) -> String {
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in value.utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        return "<" + bytes.map { String(format: "%02X", $0) }.joined() + ">"
    }

    /// "(D:20240105093000Z)"
    static func date(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMddHHmmss"
        return "(D:\(formatter.string(from: date))Z)"
    }
}
