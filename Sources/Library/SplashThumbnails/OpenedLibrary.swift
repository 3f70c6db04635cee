import Glibc

/// A shared library of ours opened with dlopen for a few of its functions
/// (libibook-pages.so, libibook-reflow.so): the first of its candidate paths
/// that loads and has them all. Owns the handle, closed with it.
final class OpenedLibrary {
    private let handle: UnsafeMutableRawPointer
    /// The functions asked for, in the order asked.
    let symbols: [UnsafeMutableRawPointer]

    /// nil, with every place tried and why it failed in `problems`, when
    /// none does (a missing file is said once, with where it was looked for).
    init?(fileName: String, candidates: [String], symbols names: [String], flags: Int32, problems: inout [String]) {
        var tried: [String] = []
        for path in candidates where access(path, F_OK) == 0 {
            guard let handle = dlopen(path, flags | RTLD_LOCAL) else {
                tried.append(dlerror().map { String(cString: $0) } ?? path)
                continue
            }
            let found = names.compactMap { dlsym(handle, $0) }
            guard found.count == names.count else {
                tried.append("\(path) has no \(names[0])")
                dlclose(handle)
                continue
            }
            self.handle = handle
            self.symbols = found
            return
        }
        if tried.isEmpty { tried.append("\(fileName) is missing (looked in \(candidates.joined(separator: ", ")))") }
        problems = tried
        return nil
    }

    deinit { dlclose(handle) }
}
