/// The rules a zip's directory must pass before MuPDF inflates anything from it: a book
/// has no entry of hundreds of megabytes, no entry squeezed two hundred to one, and no
/// name that could climb out of a folder it is unpacked into.
enum ZipSafety {
    static let largestEntry: UInt64 = 256 << 20
    static let largestTotal: UInt64 = 1 << 30
    static let largestRatio: UInt64 = 200
    /// Small entries (a page of repeated markup) may be squeezed hard honestly.
    static let ratioCheckedAbove: UInt64 = 1 << 20

    static func check(_ directory: ZipDirectory) throws(ReflowError) {
        var total: UInt64 = 0
        for entry in directory.entries {
            if isUnsafe(name: entry.name) {
                throw .unsafe("has an entry named \(entry.name.cleanedBookText(limit: 80) ?? "(blank)")")
            }
            let shown = entry.name.cleanedBookText(limit: 80) ?? "(blank)"
            if entry.uncompressedSize > largestEntry {
                throw .unsafe("looks like a zip bomb: \(shown) would inflate to \(megabytes(entry.uncompressedSize))")
            }
            if entry.uncompressedSize > ratioCheckedAbove
                && entry.uncompressedSize > entry.compressedSize.multipliedReportingOverflow(by: largestRatio).partialValue {
                throw .unsafe("looks like a zip bomb: \(shown) would inflate \(megabytes(entry.compressedSize)) to \(megabytes(entry.uncompressedSize))")
            }
            total += entry.uncompressedSize
            if total > largestTotal {
                throw .unsafe("looks like a zip bomb: its entries would inflate to more than \(megabytes(largestTotal))")
            }
        }
    }

    /// Absolute ("/etc/x", "C:\x", "\\server\x") or climbing ("a/../../x").
    static func isUnsafe(name: String) -> Bool {
        if name.hasPrefix("/") || name.hasPrefix("\\") { return true }
        let scalars = Array(name.unicodeScalars.prefix(2))
        if scalars.count == 2, scalars[1] == ":", scalars[0].isASCII, scalars[0].properties.isAlphabetic { return true }
        return name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..")
    }

    private static func megabytes(_ bytes: UInt64) -> String {
        bytes < 1 << 20 ? "\(bytes) bytes" : "\(bytes >> 20) MB"
    }
}
