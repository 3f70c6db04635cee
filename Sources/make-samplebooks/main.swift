// make-samplebooks OUTDIR
//
// Writes the sample PDFs of SampleCatalog into OUTDIR together with
// OUTDIR/expected.json, which describes exactly what was written (metadata,
// page count, labels, outline, page sizes and probe strings) for tests.
// Output is deterministic: fixed seeds and fixed PDF dates.

import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 2, !arguments[1].hasPrefix("-") else {
    FileHandle.standardError.write(Data("usage: make-samplebooks OUTDIR\n".utf8))
    exit(2)
}
let outputDirectory = arguments[1]

do {
    try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
    var books: [ManifestBook] = []
    for spec in SampleCatalog.all() {
        let book = try BookRenderer.render(spec, toDirectory: outputDirectory)
        books.append(book)
        print("\(book.file): \(book.pageCount) pages, \(book.outline.count) outline entries, \(book.probes.count) probes")
    }
    let manifestPath = (outputDirectory as NSString).appendingPathComponent("expected.json")
    try ExpectedManifest(books: books).jsonData().write(to: URL(fileURLWithPath: manifestPath))
    print("expected.json: \(books.count) books")
} catch {
    FileHandle.standardError.write(Data("make-samplebooks: \(error)\n".utf8))
    exit(1)
}
