import CProcessArguments
import FoundationEssentials
import Glibc

/// File names as Linux has them: bytes, not necessarily UTF-8 (a Latin-1
/// `café.pdf` from an old archive). A name is carried in a Swift String
/// without loss: each byte that is not part of valid UTF-8 becomes one
/// scalar of a private-use block (U+10FF80 + byte - 0x80), and a name that
/// really holds one of those scalars has its bytes escaped the same way, so
/// every byte sequence maps to exactly one String and back.
///
/// Such a String must reach the system as its bytes (`withCString`,
/// `bytes`), shown to people escaped (`displayed`), and given to scripts
/// in JSON in that same escaped form.
public enum FileName {
    private static let escapeBase: UInt32 = 0x10FF00

    private static func isEscape(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= escapeBase + 0x80 }

    /// The String for a name's bytes (argv, readdir).
    public static func string<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let bytes = Array(bytes)
        if let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains(where: isEscape) {
            return text
        }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            let length = validSequenceLength(bytes, at: index)
            if length > 0, let scalar = String(validating: bytes[index..<index + length], as: UTF8.self)?.unicodeScalars.first,
               !isEscape(scalar) {
                scalars.append(scalar)
                index += length
            } else {
                let count = max(length, 1)
                for byte in bytes[index..<index + count] { scalars.append(Unicode.Scalar(escapeBase + UInt32(byte))!) }
                index += count
            }
        }
        return String(scalars)
    }

    /// The length of the valid UTF-8 sequence starting at `index`, or 0.
    private static func validSequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        guard index + length <= bytes.count,
              String(validating: bytes[index..<index + length], as: UTF8.self) != nil else { return 0 }
        return length
    }

    /// The bytes a String stands for: what the system must be given.
    public static func bytes(_ name: String) -> [UInt8] {
        guard hasRawBytes(name) else { return Array(name.utf8) }
        var bytes: [UInt8] = []
        for scalar in name.unicodeScalars {
            if isEscape(scalar) { bytes.append(UInt8(scalar.value - escapeBase)) } else { bytes.append(contentsOf: String(scalar).utf8) }
        }
        return bytes
    }

    /// Whether the name holds bytes that are not UTF-8 text.
    public static func hasRawBytes(_ name: String) -> Bool { name.unicodeScalars.contains(where: isEscape) }

    /// Calls `body` with the name as the C string the system wants.
    public static func withCString<Result>(_ name: String, _ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        guard hasRawBytes(name) else { return try name.withCString(body) }
        let bytes = self.bytes(name).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The name as people and scripts see it: as it is when it is text;
    /// otherwise quoted as git does, "caf\351.pdf", with C escapes for the
    /// raw bytes, `"` and `\`, which is readable and can be turned back into the bytes.
    public static func displayed(_ name: String) -> String {
        guard hasRawBytes(name) else { return name }
        var shown = "\""
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\"": shown += "\\\""
            case "\\": shown += "\\\\"
            case _ where isEscape(scalar):
                let octal = String(scalar.value - escapeBase, radix: 8)
                shown += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown + "\""
    }

    /// The name as text to read, for a title: raw bytes taken as Latin-1,
    /// which is what most such names were written in.
    public static func readable(_ name: String) -> String {
        guard hasRawBytes(name) else { return name }
        return String(String.UnicodeScalarView(name.unicodeScalars.map { isEscape($0) ? Unicode.Scalar($0.value - escapeBase)! : $0 }))
    }

    /// Whether a file (or, with `directory`, a folder) is at the path.
    public static func exists(_ path: String, directory: Bool? = nil) -> Bool {
        var info = stat()
        guard withCString(path, { stat($0, &info) }) == 0 else { return false }
        guard let directory else { return true }
        return ((info.st_mode & S_IFMT) == S_IFDIR) == directory
    }

    /// The size in bytes of the file at the path.
    public static func size(_ path: String) -> Int? {
        var info = stat()
        guard withCString(path, { stat($0, &info) }) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// open(2) with the name's bytes.
    public static func open(_ path: String, _ flags: Int32) -> Int32 {
        withCString(path) { Glibc.open($0, flags) }
    }

    /// The command line as given: arguments that are not UTF-8 (a file
    /// name typed or globbed in another encoding) kept without loss.
    public static var arguments: [String] {
        guard let argv = ibook_process_argv() else { return CommandLine.arguments }
        return (0..<Int(ibook_process_argc())).map { index in
            guard let argument = argv[index] else { return "" }
            // Nearly every argument is UTF-8 without an escape scalar: decoded
            // straight from the C string, without the generic path's copy.
            if let text = String(validatingCString: argument), !text.unicodeScalars.contains(where: isEscape) { return text }
            return string(UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self),
                                              count: strlen(argument)))
        }
    }
}
