#if canImport(Glibc)
import Glibc
#endif

/// Numbers formatted by the C library's printf, as `String(format:)` did
/// (which took the same conversions, "%.1f", "%02X", "%08x").
public enum CFormat {
    public static func string(_ format: String, _ arguments: CVarArg...) -> String {
        withVaList(arguments) { list in
            var buffer = [CChar](repeating: 0, count: 128)
            let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
            guard needed >= buffer.count else { return text(buffer, count: needed) }
            return withVaList(arguments) { again in
                var larger = [CChar](repeating: 0, count: needed + 1)
                _ = vsnprintf(&larger, larger.count, format, again)
                return text(larger, count: needed)
            }
        }
    }

    /// The first `count` bytes vsnprintf wrote (a negative count, an error, gives nothing).
    private static func text(_ buffer: [CChar], count: Int) -> String {
        String(decoding: buffer.prefix(max(0, count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
