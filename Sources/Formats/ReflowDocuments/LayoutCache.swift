import FileNames
import Foundation
import Glibc

/// Each chapter's page count of an EPUB at one layout, kept between processes in
/// `$XDG_CACHE_HOME/ibook/layout/<sha256 of the book>-<layout>.pages` so that reopening the book lays
/// out only the chapters it draws (counting pages otherwise lays out every chapter: 0.7 s for Moby-Dick).
/// The folder is private and every file written whole; a file is used only if its size, its own
/// SHA-256 (over the book's digest, the layout, MuPDF's version and the counts) and every count are right, so a
/// stale, cut-short or damaged file is ignored and rewritten, never believed. The checksum is no
/// secret: what keeps out counts forged to fit it is the folder, which only its owner can write.
public struct LayoutCache: Sendable {
    /// What a cache file is for: the book's bytes, the layout and the stylesheet laid over the book.
    public struct Key: Sendable {
        var book: [UInt8]
        var layout: ReflowLayout
        var stylesheet: String?

        /// The layout's and stylesheet's own part of the key, in the file's name and its checksum.
        var layoutName: String {
            func points(_ value: Double) -> String { String(Int((value * 100).rounded())) }
            var name = "\(points(layout.width))x\(points(layout.height))-\(points(layout.fontSize))"
            if let stylesheet { name += "-" + Self.hex(LayoutCache.sha256(Array(stylesheet.utf8)).prefix(8)) }
            return name
        }

        var fileName: String { Self.hex(book) + "-" + layoutName + ".pages" }

        static func hex<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
            bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        }
    }

    public let folder: String

    static let magic = Array("IBOOKPG1".utf8)
    /// Books are hashed at every opening (MuPDF's SHA-256 runs at about 330 MB/s): a larger one
    /// would pay more than 0.1 s for it each time, a cost its layout (mostly pictures) may not have.
    public static let largestBook: UInt64 = 32 << 20
    /// More chapters than any book has; a count beyond it marks a file as not ours.
    static let mostChapters = 100_000
    static let mostPagesPerChapter: Int32 = 1_000_000

    public init(folder: String) {
        self.folder = folder
    }

    /// `$XDG_CACHE_HOME/ibook/layout`, else `~/.cache/ibook/layout`; nil without a home.
    public static func standard() -> LayoutCache? {
        let environment = ProcessInfo.processInfo.environment
        let cache: String
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            cache = xdg
        } else if let home = PathName.homeFolder() {
            cache = PathName.appending(".cache", to: home)
        } else {
            return nil
        }
        return LayoutCache(folder: PathName.appending("ibook/layout", to: cache))
    }

    func path(_ key: Key) -> String { PathName.appending(key.fileName, to: folder) }

    /// The counts kept for `key`, or nil when there are none that can be trusted.
    func read(_ key: Key) -> [Int32]? {
        // O_NONBLOCK: a FIFO put in the file's place would otherwise hold the opening forever.
        let descriptor = FileName.withCString(path(key)) { open($0, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        let headerSize = Self.magic.count + 4, checksumSize = 32
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              info.st_size >= headerSize + 4 + checksumSize, info.st_size <= headerSize + 4 * Self.mostChapters + checksumSize
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count == bytes.count, Array(bytes.prefix(Self.magic.count)) == Self.magic else { return nil }
        let chapters = Int(Self.u32(bytes, at: Self.magic.count))
        guard chapters >= 1, chapters <= Self.mostChapters, bytes.count == headerSize + 4 * chapters + checksumSize else { return nil }
        let body = Array(bytes.prefix(headerSize + 4 * chapters))
        guard Self.checksum(body, key) == Array(bytes.suffix(checksumSize)) else { return nil }
        var pages: [Int32] = []
        pages.reserveCapacity(chapters)
        for index in 0..<chapters {
            let value = Int32(bitPattern: Self.u32(bytes, at: headerSize + 4 * index))
            guard value >= 1, value <= Self.mostPagesPerChapter else { return nil }
            pages.append(value)
        }
        return pages
    }

    /// Keeps `pages` for `key`; a cache that cannot be written is only slower, so failures are ignored.
    func write(_ pages: [Int32], for key: Key, checksum: ([UInt8], Key) -> [UInt8] = LayoutCache.checksum) {
        guard !pages.isEmpty, pages.count <= Self.mostChapters,
              pages.allSatisfy({ $0 >= 1 && $0 <= Self.mostPagesPerChapter }) else { return }
        var body = Self.magic
        Self.append(UInt32(pages.count), to: &body)
        for value in pages { Self.append(UInt32(bitPattern: value), to: &body) }
        let bytes = body + checksum(body, key)
        guard makeFolder() else { return }
        let destination = path(key)
        let temporary = destination + ".\(getpid()).tmp"
        let descriptor = FileName.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        guard descriptor >= 0 else { return }
        let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written != bytes.count || FileName.withCString(temporary, { from in FileName.withCString(destination) { rename(from, $0) } }) != 0 {
            _ = FileName.withCString(temporary) { unlink($0) }
        }
    }

    /// Keeps each chapter's page count of the book whose `layoutDigest()` is `digest`, laid out at `layout`
    /// with no stylesheet over its own: what a book read in parts says of its chapters, once they are all
    /// counted, so that opening it later lays out only the chapters drawn, as if it had been read whole.
    /// `engineVersion` (`LayoutCache.engineVersion` where the book was laid out) and `sha256` make the
    /// checksum without the engine, which the process that joins the parts need not load (dlopen and
    /// relocating libibook-reflow.so costs more than a book's commit of its counts).
    public func write(chapterPages: [Int], digest: [UInt8], layout: ReflowLayout, engineVersion: String,
                      sha256: ([UInt8]) -> [UInt8]) {
        guard digest.count == 32, chapterPages.allSatisfy({ $0 >= 1 && $0 <= Int(Self.mostPagesPerChapter) }) else { return }
        write(chapterPages.map { Int32($0) }, for: Key(book: digest, layout: layout.sane, stylesheet: nil)) { body, key in
            sha256(Self.checksummed(body, key, engineVersion: engineVersion))
        }
    }

    /// The folder, made owner-only: page counts say which books someone reads.
    private func makeFolder() -> Bool {
        if FileName.exists(folder, directory: true) { return true }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch { return false }
        return true
    }

    /// Over the engine's version too: another MuPDF may page the same chapter differently.
    private static func checksum(_ body: [UInt8], _ key: Key) -> [UInt8] {
        sha256(checksummed(body, key, engineVersion: engineVersion))
    }

    /// What the checksum is the SHA-256 of.
    private static func checksummed(_ body: [UInt8], _ key: Key, engineVersion: String) -> [UInt8] {
        body + key.book + Array(key.layoutName.utf8) + Array((key.stylesheet ?? "").utf8) + Array(engineVersion.utf8)
    }

    /// MuPDF's version, which the checksum covers.
    public static var engineVersion: String {
        (try? ReflowLibrary.shared()).flatMap { $0.engineVersion() }.map { String(cString: $0) } ?? ""
    }

    static func sha256(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        guard let library = try? ReflowLibrary.shared() else { return digest }
        bytes.withUnsafeBufferPointer { library.sha256($0.baseAddress, $0.count, &digest) }
        return digest
    }

    private static func u32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }
}
