extension StringProtocol {
    /// Every occurrence of `target` replaced by `replacement`, compared as
    /// UTF-8 bytes (so a quote is found even before a combining mark, which
    /// quoting for SQL needs).
    public func replacingEvery(_ target: String, with replacement: String) -> String {
        let needle = Array(target.utf8)
        guard !needle.isEmpty else { return String(self) }
        let bytes = Array(utf8)
        guard bytes.count >= needle.count else { return String(self) }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        var changed = false
        while index < bytes.count {
            if bytes[index] == needle[0], index + needle.count <= bytes.count,
               bytes[index..<index + needle.count].elementsEqual(needle) {
                result.append(contentsOf: replacement.utf8)
                index += needle.count
                changed = true
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return changed ? String(decoding: result, as: UTF8.self) : String(self)
    }
}
