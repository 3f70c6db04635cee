// ISBN-13s for the sample books, whose check digit a reader may verify.

enum ISBN {
    /// Twelve digits and the check digit that makes them a valid ISBN-13 (weights 1 and 3, modulo 10).
    static func thirteen(_ twelve: String) -> String {
        let digits = twelve.compactMap(\.wholeNumberValue)
        precondition(digits.count == 12, "an ISBN-13 is twelve digits and a check digit")
        let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset.isMultiple(of: 2) ? 1 : 3) }
        return twelve + String((10 - sum % 10) % 10)
    }
}
