import CStemmer

/// One of Snowball's stemmers (libstemmer): reduces a lowercased word to
/// its stem, so that `configure`, `configured` and `configuration` meet at
/// `configur`. Owns its C handle; not for use from two threads at once.
package final class Stemmer {
    package let language: BookLanguage
    private let handle: OpaquePointer

    /// Throws for a language Snowball has no algorithm for, or one libstemmer lacks.
    package init(language: BookLanguage) throws {
        guard let algorithm = language.snowballAlgorithm, let handle = sb_stemmer_new(algorithm, "UTF_8") else {
            throw StemmerUnavailable(algorithm: language.snowballAlgorithm ?? language.name)
        }
        self.language = language
        self.handle = handle
    }

    deinit { sb_stemmer_delete(handle) }

    /// The stem of a word that is already lowercased (the stemmers expect
    /// lowercase, with its accents).
    package func stem(_ word: String) -> String {
        var word = word
        return word.withUTF8 { bytes -> String in
            guard let base = bytes.baseAddress,
                  let result = sb_stemmer_stem(handle, base, Int32(bytes.count))
            else { return String(decoding: bytes, as: UTF8.self) }
            let length = Int(sb_stemmer_length(handle))
            return String(decoding: UnsafeBufferPointer(start: result, count: length), as: UTF8.self)
        }
    }
}

/// A language Snowball has no algorithm for, or one this libstemmer lacks.
package struct StemmerUnavailable: Error, Equatable, CustomStringConvertible {
    package var algorithm: String
    package var description: String { "libstemmer has no '\(algorithm)' stemmer" }
}
