/// Carries character offsets in a page's old text over to its new text when
/// the two differ only in whitespace (a separator added where the old
/// extraction ran two pieces together), so that highlights keep marking the
/// same words.
package struct TextOffsetMap {
    /// For each offset of the old text, the offset of the same character in the new one.
    private let newOffsets: [Int]

    /// nil when the texts differ in more than whitespace.
    package init?(old: String, new: String) {
        let old = Array(old), new = Array(new)
        var offsets: [Int] = []
        offsets.reserveCapacity(old.count)
        var next = 0
        for character in old {
            while next < new.count, new[next] != character, new[next].isWhitespace { next += 1 }
            if next < new.count, new[next] == character {
                offsets.append(next)
                next += 1
            } else if character.isWhitespace {
                // Whitespace the new text dropped: it stands where the next character will.
                offsets.append(next)
            } else {
                return nil
            }
        }
        guard new[next...].allSatisfy(\.isWhitespace) else { return nil }
        newOffsets = offsets
    }

    /// The range in the new text that holds what `span` held in the old one.
    package func map(_ span: ClosedRange<Int>) -> ClosedRange<Int>? {
        guard span.lowerBound >= 0, span.upperBound < newOffsets.count else { return nil }
        let lower = newOffsets[span.lowerBound], upper = newOffsets[span.upperBound]
        return lower <= upper ? lower...upper : nil
    }
}
