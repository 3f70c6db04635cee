/// The character classes of Foundation's `CharacterSet` that the lean
/// modules use, by Unicode general category, so that they need no Foundation.
public enum ScalarClass {
    /// Foundation's tables are Unicode 15.0's: scalars assigned later are in none of its classes.
    private static func isKnown(_ scalar: Unicode.Scalar) -> Bool {
        guard let age = scalar.properties.age else { return false }
        return age.major < 15 || (age.major == 15 && age.minor == 0)
    }

    /// `CharacterSet.whitespaces`: space separators, the tab and (as Foundation has it) the zero-width space.
    public static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// `CharacterSet.whitespacesAndNewlines`: every separator, the tab, the line ends and NEL.
    public static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09...0x0D, 0x85, 0x200B: return true
        default:
            switch scalar.properties.generalCategory {
            case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
            default: return false
            }
        }
    }

    /// `CharacterSet.alphanumerics`: letters, marks and numbers.
    public static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        // Nor are Tangut's ideographs letters there.
        guard isKnown(scalar), !(0x17000...0x187F7).contains(scalar.value), !(0x18D00...0x18D08).contains(scalar.value)
        else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default: return false
        }
    }

    /// `CharacterSet.decimalDigits`.
    public static func isDecimalDigit(_ scalar: Unicode.Scalar) -> Bool {
        isKnown(scalar) && scalar.properties.generalCategory == .decimalNumber
    }

    /// `CharacterSet.punctuationCharacters`.
    public static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        guard isKnown(scalar) else { return false }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation:
            return true
        default: return false
        }
    }
}

extension StringProtocol {
    /// The text without the leading and trailing scalars `isTrimmed` accepts
    /// (what `trimmingCharacters(in:)` did).
    public func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        // On a String's own scalars: a slice of the generic view is a type the
        // runtime builds from its mangled name on first use, which cost a
        // command that trims one argument a tenth of a millisecond.
        let string = String(self)
        let scalars = string.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isTrimmed($0) })!
        return String(scalars[first...last])
    }

    /// Without leading and trailing spaces and tabs.
    public func trimmingWhitespace() -> String { trimming(ScalarClass.isWhitespace) }

    /// Without leading and trailing spaces, tabs and line ends.
    public func trimmingWhitespaceAndNewlines() -> String { trimming(ScalarClass.isWhitespaceOrNewline) }
}
