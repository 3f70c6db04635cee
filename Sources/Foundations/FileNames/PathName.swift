#if canImport(Glibc)
import Glibc
#endif

/// Paths taken apart and tidied as NSString's path methods did
/// (`deletingLastPathComponent`, `standardizingPath`…), with the same
/// results, so that stored paths keep looking as they always have.
public enum PathName {
    /// The path of this process's binary: readlink(2) of /proc/self/exe, which
    /// FileManager answers too but at the cost of resolving it component by component.
    public static func runningBinary() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return invokedPath() }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Where /proc cannot be read: argv[0], found on $PATH when it names no folder.
    private static func invokedPath() -> String {
        guard let first = FileName.arguments.first, !first.isEmpty else { return "" }
        if first.contains("/") { return first }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where access("\(folder)/\(first)", X_OK) == 0 {
            return "\(folder)/\(first)"
        }
        return first
    }

    /// Where a file of ibook's is, by `name`: beside this binary (a build
    /// folder), or in ../libexec/ibook (an install).
    public static func besideRunningBinary(_ name: String) -> [String] {
        let folder = folder(of: runningBinary())
        return [folder + "/" + name, appending("libexec/ibook/" + name, to: self.folder(of: folder))]
    }

    /// Runs of slashes made one and a trailing slash dropped ("/" stays "/").
    private static func tidied(_ path: String) -> String {
        if path == "/" { return path }
        var result = ""
        result.reserveCapacity(path.utf8.count)
        var previousWasSlash = false
        for scalar in path.unicodeScalars {
            if scalar == "/" {
                if previousWasSlash { continue }
                previousWasSlash = true
            } else {
                previousWasSlash = false
            }
            result.unicodeScalars.append(scalar)
        }
        if result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// `/a/b` → `/a`, `/a` → `/`, `a` → "".
    public static func folder(of path: String) -> String {
        let path = tidied(path)
        if path == "/" || path.isEmpty { return path }
        guard let slash = path.lastIndex(of: "/") else { return "" }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// `/a/b.pdf` → `b.pdf`; `/` stays `/`.
    public static func lastComponent(of path: String) -> String {
        let path = tidied(path)
        if path.utf16.count <= 1 { return path }
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `b.pdf` → `pdf`; nothing for `.hidden`, `..` or a name without a dot.
    public static func `extension`(of path: String) -> String {
        let path = tidied(path)
        guard path.utf16.count > 1, let dot = extensionDot(path) else { return "" }
        return String(path[path.index(after: dot)...])
    }

    /// `/a/b.pdf` → `/a/b`.
    public static func deletingExtension(of path: String) -> String {
        let path = tidied(path)
        guard path.utf16.count > 1, let dot = extensionDot(path) else { return path }
        return String(path[..<dot])
    }

    private static func extensionDot(_ path: String) -> String.Index? {
        let name = lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex, name != ".." else { return nil }
        return path.index(path.endIndex, offsetBy: -name.distance(from: dot, to: name.endIndex))
    }

    /// `folder` + `/` + `name`, without doubling a slash.
    public static func appending(_ name: String, to folder: String) -> String {
        if name.isEmpty { return folder }
        if folder.isEmpty { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// The home folder: `$HOME`, else the password database's.
    public static func homeFolder() -> String? {
        if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty { return home }
        return homeFolder(ofUser: nil)
    }

    private static func homeFolder(ofUser user: String?) -> String? {
        let entry = user.map { getpwnam($0) } ?? getpwuid(getuid())
        guard let entry, let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }

    /// `~` and `~user` at the start replaced by the home folder.
    public static func expandingTilde(_ path: String) -> String {
        guard path.hasPrefix("~") else { return path }
        let end = path.firstIndex(of: "/") ?? path.endIndex
        let user = String(path[path.index(after: path.startIndex)..<end])
        guard let home = user.isEmpty ? homeFolder() : homeFolder(ofUser: user) else { return withoutTrailingSlash(path) }
        return withoutTrailingSlash(home + path[end...])
    }

    private static func withoutTrailingSlash(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// `~` expanded, `.` and `..` taken out and each symbolic link met on the
    /// way replaced by where it leads, as NSString's `standardizingPath` did
    /// (a link is followed to its final target, found from the current folder).
    public static func standardized(_ path: String) -> String {
        let expanded = expandingTilde(path)
        var components = components(of: expanded)
        guard !components.isEmpty else { return expanded }
        if components.count > 1, components.last == "/" { components.removeLast() }
        var resolved = components.removeFirst()
        let isAbsolute = expanded.hasPrefix("/") || expanded.hasPrefix("~")
        for component in components {
            switch component {
            case "", ".":
                break
            case ".." where isAbsolute:
                resolved = folder(of: resolved)
            default:
                resolved = appending(component, to: resolved)
                if let target = linkTarget(resolved) { resolved = target }
            }
        }
        for prefix in ["/private", "/var/automount"] where resolved != prefix && resolved.hasPrefix(prefix) {
            let shorter = String(resolved.dropFirst(prefix.count))
            if exists(shorter) { resolved = shorter }
        }
        return resolved
    }

    /// "/" first for an absolute path, the names between slashes, "/" last for a trailing slash.
    private static func components(of path: String) -> [String] {
        guard !path.isEmpty else { return [] }
        var result: [String] = path.hasPrefix("/") ? ["/"] : []
        result += path.split(separator: "/").map(String.init)
        if path.count > 1, path.hasSuffix("/") { result.append("/") }
        return result
    }

    /// Where the symbolic link `path` finally leads, or nil for anything else.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        // As NSString did: the name's UTF-8 (not FileName's bytes) and the target's text.
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { return nil }
        let destination = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var real = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard realpath(destination, &real) != nil else { return nil }
        let target = String(decoding: real.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return target.hasPrefix("/") ? target : appending(target, to: folder(of: path))
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }
}
