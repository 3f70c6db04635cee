import Foundation

/// Broken and awkward inputs, made by the tests themselves (the repository
/// carries no third-party files).
public enum BadFiles {
    @discardableResult
    public static func write(_ bytes: [UInt8], to url: URL) throws -> URL {
        try Data(bytes).write(to: url)
        return url
    }

    @discardableResult
    public static func zeroBytes(in directory: URL, name: String = "empty.pdf") throws -> URL {
        try write([], to: directory.appendingPathComponent(name))
    }

    @discardableResult
    public static func randomBytes(in directory: URL, name: String = "random.pdf", pdfHeader: Bool = false) throws -> URL {
        var generator = SeededGenerator(seed: pdfHeader ? 7 : 11)
        var bytes = pdfHeader ? Array("%PDF-1.7\n".utf8) : []
        bytes += (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return try write(bytes, to: directory.appendingPathComponent(name))
    }

    @discardableResult
    public static func textFile(in directory: URL, name: String = "notes.pdf") throws -> URL {
        try write(Array("These are plain notes, not a PDF.\nSecond line.\n".utf8), to: directory.appendingPathComponent(name))
    }

    @discardableResult
    public static func htmlFile(in directory: URL, name: String = "page.pdf") throws -> URL {
        try write(Array("<!DOCTYPE html><html><body>hello</body></html>\n".utf8), to: directory.appendingPathComponent(name))
    }

    @discardableResult
    public static func pngFile(in directory: URL, name: String = "image.pdf") throws -> URL {
        try write([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 64),
                  to: directory.appendingPathComponent(name))
    }

    /// The first `fraction` of a real PDF.
    @discardableResult
    public static func truncated(_ source: String, fraction: Double, in directory: URL, name: String) throws -> URL {
        let data = try Data(contentsOf: URL(fileURLWithPath: source))
        return try write(Array(data.prefix(Int(Double(data.count) * fraction))), to: directory.appendingPathComponent(name))
    }

    /// An AES-256 encrypted copy made with qpdf.
    @discardableResult
    public static func encrypted(_ source: String, userPassword: String, in directory: URL, name: String,
                                 bits: Int = 256) throws -> URL {
        let output = directory.appendingPathComponent(name)
        let result = try Run.process("/usr/bin/qpdf", ["--encrypt", userPassword, "owner-secret", String(bits), "--",
                                                      source, output.path])
        guard result.status == 0 else { throw RunError.failed("qpdf: \(result.stderr)") }
        return output
    }
}

/// A tiny deterministic generator so "random" files are the same every run.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }
    public mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}
