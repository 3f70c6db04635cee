import Foundation

/// Expands the paths a user gave into the PDF files to add: files as given,
/// folders searched recursively for `.pdf` in any case, in a stable order.
enum FileCollector {
    struct Collected {
        var files: [String] = []
        var failures: [(path: String, reason: String)] = []
    }

    static func collect(_ paths: [String]) -> Collected {
        var collected = Collected()
        var seen = Set<String>()
        func take(_ file: String) {
            if seen.insert(file).inserted { collected.files.append(file) }
        }
        for given in paths {
            let path = absolutePath(given)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                collected.failures.append((given, "no such file"))
                continue
            }
            guard isDirectory.boolValue else {
                take(path)
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: path) else {
                collected.failures.append((given, "cannot list folder"))
                continue
            }
            var found: [String] = []
            while let relative = enumerator.nextObject() as? String {
                guard relative.lowercased().hasSuffix(".pdf") else { continue }
                let file = path + "/" + relative
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue {
                    found.append(file)
                }
            }
            found.sort()
            found.forEach(take)
        }
        return collected
    }
}
