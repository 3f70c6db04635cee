/// Fonts an EPUB obfuscates (META-INF/encryption.xml), made whole before MuPDF opens the book.
/// MuPDF 1.21 neither undoes the obfuscation nor opens a book with an encryption.xml at all
/// ("epub is locked by drm"), even when all it hides is fonts. So the book is opened from a copy
/// in memory whose fonts are de-obfuscated and which has no encryption.xml; the page is then drawn
/// in the publisher's fonts rather than MuPDF's own.
enum ObfuscatedFonts {
    struct Font: Equatable {
        /// The entry's archive path (encryption.xml's URIs are relative to the container's root).
        var path: String
        var algorithm: String
    }

    static let idpf = "http://www.idpf.org/2008/embedding"
    static let adobe = "http://ns.adobe.com/pdf/enc#RC"

    /// A copy this large is not made: a book with obfuscated fonts is a few megabytes.
    static let largestCopy: UInt64 = 512 << 20

    /// The entries MuPDF must not see; rights.xml says nothing MuPDF needs either.
    static let hiddenNames = ["META-INF/encryption.xml", "META-INF/rights.xml"]

    /// The key and how many leading bytes it covers. IDPF's: the SHA-1 of the unique identifier with
    /// its white space removed, over 1040 bytes (OCF 3.0). Adobe's: the 16 bytes of the identifier's
    /// UUID, over 1024 bytes. Nil when the book gives no identifier to make it from.
    static func key(for algorithm: String, uniqueIdentifier: String?, identifiers: [String]) -> (key: [UInt8], span: Int)? {
        switch algorithm {
        case idpf:
            guard let identifier = uniqueIdentifier else { return nil }
            let bytes = Array(identifier.utf8).filter { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }
            return bytes.isEmpty ? nil : (SHA1.digest(bytes), 1040)
        case adobe:
            guard let uuid = ([uniqueIdentifier].compactMap { $0 } + identifiers).lazy.compactMap(Self.uuidBytes).first else { return nil }
            return (uuid, 1024)
        default:
            return nil
        }
    }

    /// "urn:uuid:0a1b…" (or a bare UUID) → its 16 bytes.
    static func uuidBytes(_ identifier: String) -> [UInt8]? {
        var text = Substring(identifier.trimmingSpaces.lowercased())
        if text.hasPrefix("urn:uuid:") { text = text.dropFirst(9) }
        let digits = text.filter { $0 != "-" }.compactMap(\.hexDigitValue)
        guard text.filter({ $0 != "-" }).count == 32, digits.count == 32 else { return nil }
        return stride(from: 0, to: 32, by: 2).map { UInt8(digits[$0] << 4 | digits[$0 + 1]) }
    }

    /// Turns `engine`'s book into the copy with its fonts made whole and no encryption.xml.
    /// A font whose key cannot be made stays obfuscated (MuPDF then falls back to its own fonts).
    static func deobfuscate(_ engine: EngineDocument, package: EPUBPackage, size: UInt64) throws(ReflowError) {
        if size > largestCopy { throw .tooLarge("\(size >> 20) MB with obfuscated fonts") }
        let identifiers = Array(package.metadata.identifiers.values)
        let fonts = package.obfuscatedFonts.compactMap { font -> (path: String, key: [UInt8], span: Int)? in
            key(for: font.algorithm, uniqueIdentifier: package.uniqueIdentifier, identifiers: identifiers)
                .map { (font.path, $0.key, $0.span) }
        }
        try engine.rewrite(xoring: fonts, dropping: hiddenNames)
    }
}
