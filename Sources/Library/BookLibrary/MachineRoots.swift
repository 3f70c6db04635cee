import FileNames
import FoundationEssentials
import LeanBasics
import Glibc

/// This machine's mount points for the roots a shared library keeps its
/// files under: the catalog stores a file as (root name, path relative to
/// that root), and each machine says where each root is mounted on it, so
/// the same book opens on every machine. Kept in a small file of the
/// user's configuration (`$XDG_CONFIG_HOME/ibook/roots`, one
/// `name<TAB>path` a line), rewritten whole under a temporary name.
public struct MachineRoots: Sendable, Equatable {
    public struct Root: Codable, Sendable, Equatable {
        public var name: String
        public var path: String
    }

    /// The file the mapping is kept in.
    public let file: String
    /// Sorted by name.
    public private(set) var roots: [Root]

    /// Where this user's mapping is kept: `$XDG_CONFIG_HOME/ibook/roots`, else `~/.config/ibook/roots`.
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/ibook/roots" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? PathName.homeFolder() ?? "/"
        return home + "/.config/ibook/roots"
    }

    /// This user's mapping; empty when none was ever set.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> MachineRoots {
        try MachineRoots(file: defaultFile(environment: environment))
    }

    public init(file: String) throws {
        self.file = file
        guard FileManager.default.fileExists(atPath: file) else {
            roots = []
            return
        }
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw LibraryError.invalidArgument("\(file): cannot be read")
        }
        roots = text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard fields.count == 2, Self.isValidName(fields[0]), fields[1].hasPrefix("/") else { return nil }
            return Root(name: fields[0], path: fields[1])
        }.sorted { $0.name < $1.name }
    }

    /// Names are what people type and what the catalog stores: letters, digits, `-`, `_` and `.`.
    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64 && name.unicodeScalars.allSatisfy {
            ScalarClass.isAlphanumeric($0) || "-_.".unicodeScalars.contains($0)
        }
    }

    /// Maps `name` to the folder `path` on this machine (replacing what it
    /// mapped before) and saves the mapping.
    @discardableResult
    public mutating func set(_ name: String, to path: String) throws -> Root {
        guard Self.isValidName(name) else {
            throw LibraryError.invalidArgument("'\(name)' is not a root name: use letters, digits, '-', '_' and '.'")
        }
        var folder = absolutePath(path)
        guard FileName.exists(folder, directory: true) else {
            throw LibraryError.invalidArgument("\(folder): no such folder")
        }
        guard !folder.contains("\n"), !folder.contains("\t") else {
            throw LibraryError.invalidArgument("\(folder): a root's folder cannot have a tab or a line break in its name")
        }
        if folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        let root = Root(name: name, path: folder)
        roots.removeAll { $0.name == name }
        roots.append(root)
        roots.sort { $0.name < $1.name }
        try save()
        return root
    }

    /// Forgets the mapping of `name` on this machine; the catalog keeps its books.
    @discardableResult
    public mutating func remove(_ name: String) throws -> Root {
        guard let root = roots.first(where: { $0.name == name }) else {
            throw LibraryError.invalidArgument("no root named '\(name)' on this machine (see 'ibook roots list')")
        }
        roots.removeAll { $0.name == name }
        try save()
        return root
    }

    private func save() throws {
        let folder = PathName.folder(of: file)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let text = roots.map { "\($0.name)\t\($0.path)\n" }.joined()
            // .atomic writes a temporary file beside it and renames it into place.
            try Data(text.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw LibraryError.invalidArgument("\(file): cannot be written (\(ErrorText.describe(error)))")
        }
    }

    /// How a file is stored in a shared catalog: under the deepest root
    /// that holds it, relative to that root; a file under no root keeps its
    /// absolute path (and then opens only where that path is the same).
    package func stored(_ path: String) -> (root: String?, path: String) {
        let candidates = roots.filter { path.hasPrefix($0.path == "/" ? "/" : $0.path + "/") }
        guard let root = candidates.max(by: { $0.path.count < $1.path.count }) else { return (nil, path) }
        let relative = String(path.dropFirst(root.path == "/" ? 1 : root.path.count + 1))
        return (root.name, relative)
    }

    /// The mapping as a JSON object, name to folder, for the shared library's
    /// session. Written here rather than by JSONEncoder, whose first use cost
    /// every command on a shared library 0.09 ms of the Swift runtime's set-up.
    package var json: String {
        var text = "{"
        for (index, root) in roots.enumerated() {
            if index > 0 { text += "," }
            text += Self.jsonString(root.name) + ":" + Self.jsonString(root.path)
        }
        return text + "}"
    }

    /// A JSON string: quotes, backslashes and control characters escaped, the rest as it is (RFC 8259).
    private static func jsonString(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\t": text += "\\t"
            case "\r": text += "\\r"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
