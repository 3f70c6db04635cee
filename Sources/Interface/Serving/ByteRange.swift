/// What a `Range` header asks of a file of a given length (one range; a list of
/// several is answered with the whole file, as RFC 9110 allows).
public enum ByteRange: Equatable, Sendable {
    case whole
    case part(offset: UInt64, length: UInt64)
    case unsatisfiable

    public init(header: String?, length: UInt64) {
        guard let header else { self = .whole; return }
        let trimmed = header.trimmingSpaces
        guard trimmed.lowercased().hasPrefix("bytes="), !trimmed.contains(",") else { self = .whole; return }
        let spec = trimmed.dropFirst("bytes=".count).trimmingSpaces
        guard let dash = spec.firstIndex(of: "-") else { self = .whole; return }
        let first = spec[..<dash].trimmingSpaces, last = spec[spec.index(after: dash)...].trimmingSpaces
        func number(_ text: String) -> UInt64? {
            guard !text.isEmpty, text.count <= 19, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return UInt64(text)
        }
        if first.isEmpty {
            // The last N bytes.
            guard let suffix = number(last) else { self = .whole; return }
            guard suffix > 0, length > 0 else { self = .unsatisfiable; return }
            let size = min(suffix, length)
            self = .part(offset: length - size, length: size)
            return
        }
        guard let start = number(first) else { self = .whole; return }
        let end: UInt64
        if last.isEmpty {
            end = length &- 1
        } else {
            guard let given = number(last), given >= start else { self = .whole; return }
            end = min(given, length &- 1)
        }
        guard start < length else { self = .unsatisfiable; return }
        self = .part(offset: start, length: end - start + 1)
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
