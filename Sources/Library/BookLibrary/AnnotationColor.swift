import FoundationEssentials
import Glibc
import LeanBasics

/// Highlight colours by name or as #rrggbb, stored as "#rrggbb".
public enum AnnotationColor {
    public static let named: [(name: String, hex: String)] = [
        ("yellow", "#ffff00"), ("green", "#7cfc00"), ("blue", "#87cefa"), ("pink", "#ffb6c1"),
        ("orange", "#ffa500"), ("red", "#ff6347"), ("purple", "#da70d6"),
    ]
    public static let highlightDefault = "#ffff00"

    /// "yellow", "#FFD700" or "#fd0" as "#rrggbb"; nil when it is neither.
    public static func parse(_ text: String) -> String? {
        let value = text.trimmingWhitespace().lowercased()
        if let entry = named.first(where: { $0.name == value }) { return entry.hex }
        guard value.hasPrefix("#"), value.dropFirst().allSatisfy(\.isHexDigit) else { return nil }
        let digits = value.dropFirst()
        switch digits.count {
        case 6: return value
        case 3: return "#" + digits.map { "\($0)\($0)" }.joined()
        default: return nil
        }
    }

    /// Red, green and blue from 0 to 1, for writing into a PDF.
    public static func components(_ hex: String) -> (red: Double, green: Double, blue: Double)? {
        guard let parsed = parse(hex), let value = Int(parsed.dropFirst(), radix: 16) else { return nil }
        return (Double((value >> 16) & 0xFF) / 255, Double((value >> 8) & 0xFF) / 255, Double(value & 0xFF) / 255)
    }
}
