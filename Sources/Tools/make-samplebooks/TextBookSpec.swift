// A plain-text sample book: its text, the charset its file is written in,
// and the strings expected.json says which pages hold.

import Glibc

struct TextBookSpec {
    var file: String
    /// The title and author its first lines give, as a reader of them should find them.
    var title: String
    var author: String
    var charset: String
    var text: String
    var probes: [String]

    func write(toDirectory directory: String) throws -> String {
        let path = directory.hasSuffix("/") ? directory + file : directory + "/" + file
        let bytes = try CharsetEncoder.encode(text, to: charset)
        guard let stream = fopen(path, "wb") else { throw WriterError(description: "cannot write \(path)") }
        defer { fclose(stream) }
        guard fwrite(bytes, 1, bytes.count, stream) == bytes.count else { throw WriterError(description: "cannot write \(path)") }
        return path
    }
}
