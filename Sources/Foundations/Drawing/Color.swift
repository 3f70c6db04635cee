/// An sRGB colour with components in 0...1.
public struct Color: Sendable, Equatable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// `0x1F4E79` style, as colours are written in design notes.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                  blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    public static let black = Color(hex: 0x000000)
    public static let white = Color(hex: 0xFFFFFF)
    public static let text = Color(hex: 0x1D2430)
    public static let secondaryText = Color(hex: 0x5B6573)
    public static let accent = Color(hex: 0x1F4E79)
    public static let rule = Color(hex: 0xC9D1DB)
    public static let headerFill = Color(hex: 0x1F4E79)
    public static let stripe = Color(hex: 0xF1F4F8)
    public static let cardFill = Color(hex: 0xEEF3F9)
    public static let success = Color(hex: 0x2E7D32)
    public static let warning = Color(hex: 0xB26A00)
    public static let neutral = Color(hex: 0x607080)
}
