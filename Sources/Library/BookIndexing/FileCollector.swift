import FileNames
import BookLibrary
import Foundation

/// Expands the paths a user gave into the books to add: files as given,
/// folders searched recursively for the endings of the formats ibook reads (`.pdf`, `.epub`, `.txt` …) in any case, in a stable order.
/// Walks folders with readdir so that names are seen as the bytes they are
/// (NFC and NFD spellings stay distinct, names that are not UTF-8 are kept
/// without loss as FileName strings) and symlinked folders cannot loop.
enum FileCollector {
    struct Collected {
        var files: [String] = []
        var failures: [(path: String, reason: String)] = []
    }

    static func collect(_ paths: [String]) -> Collected {
        var collected = Collected()
        var seen = Set<[UInt8]>()
        var visitedFolders = Set<[UInt64]>()
        func take(_ file: String) {
            if seen.insert(FileName.bytes(file)).inserted { collected.files.append(file) }
        }
        for given in paths {
            let path = absolutePath(given)
            var info = stat()
            guard FileName.withCString(path, { stat($0, &info) }) == 0 else {
                let reason = errno == ENOENT || errno == ENOTDIR ? "no such file" : String(cString: strerror(errno))
                collected.failures.append((given, reason))
                continue
            }
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                take(path)
                continue
            }
            var found: [String] = []
            walk(path, found: &found, failures: &collected.failures, visited: &visitedFolders)
            found.sort { FileName.bytes($0).lexicographicallyPrecedes(FileName.bytes($1)) }
            found.forEach(take)
        }
        return collected
    }

    private static func walk(_ folder: String, found: inout [String], failures: inout [(path: String, reason: String)],
                             visited: inout Set<[UInt64]>) {
        var info = stat()
        guard FileName.withCString(folder, { stat($0, &info) }) == 0, visited.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted else { return }
        guard let directory = FileName.withCString(folder, { opendir($0) }) else {
            failures.append((folder, "cannot list folder (\(String(cString: strerror(errno))))"))
            return
        }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let nameBytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if nameBytes == [0x2E] || nameBytes == [0x2E, 0x2E] { continue }
            let name = FileName.string(nameBytes)
            let path = folder + "/" + name
            var entryInfo = stat()
            guard FileName.withCString(path, { stat($0, &entryInfo) }) == 0 else { continue }
            if (entryInfo.st_mode & S_IFMT) == S_IFDIR {
                walk(path, found: &found, failures: &failures, visited: &visited)
            } else if BookFormat.promised(byName: name) != nil {
                found.append(path)
            }
        }
    }
}
