/// A page's stored text that cannot be turned back into text: a damaged
/// deflate stream, a length that does not match, bytes that are not UTF-8.
/// Never read as "" (an empty page), which would hide the damage and make
/// `remove` ask the full-text index to forget the wrong words.
package struct StoredTextError: Error, Equatable, CustomStringConvertible {
    package var reason: String

    package init(_ reason: String) { self.reason = reason }

    package var description: String { "the stored text cannot be decoded (\(reason))" }
}
