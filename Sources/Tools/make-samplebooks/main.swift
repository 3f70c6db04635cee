// make-samplebooks OUTDIR
//
// Writes the sample PDFs of SampleCatalog, an EPUB and a plain-text book into OUTDIR together with
// OUTDIR/expected.json, which describes exactly what was written (metadata,
// page count, labels, outline, page sizes and probe strings) for tests.
// Output is deterministic: fixed seeds and fixed PDF dates.
// The EPUB's and the text's pages are MuPDF's: the generator lays them out
// with libibook-reflow.so, which must be beside it (make samplebooks builds it).

import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 2, !arguments[1].hasPrefix("-") else {
    FileHandle.standardError.write(Data("usage: make-samplebooks OUTDIR\n".utf8))
    exit(2)
}
let outputDirectory = arguments[1]

do {
    let voyage = try NorthernVoyage.book()
    let redChamber = RedChamberExcerpt.book()
    try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
    var books: [ManifestBook] = []
    for spec in SampleCatalog.all() {
        let book = try BookRenderer.render(spec, toDirectory: outputDirectory)
        books.append(book)
        print("\(book.file): \(book.pageCount) pages, \(book.outline.count) outline entries, \(book.probes.count) probes")
    }
    books.append(try ReflowManifest.entry(path: try EPUBWriter.write(voyage, toDirectory: outputDirectory), file: voyage.file,
                                          declared: .init(voyage)))
    books.append(try ReflowManifest.entry(path: try redChamber.write(toDirectory: outputDirectory), file: redChamber.file,
                                          declared: .init(redChamber)))
    for book in books.suffix(2) {
        print("\(book.file): \(book.pageCount) pages at the reference layout, \(book.outline.count) outline entries, \(book.probes.count) probes")
    }
    let manifestPath = (outputDirectory as NSString).appendingPathComponent("expected.json")
    try ExpectedManifest(books: books).jsonData().write(to: URL(fileURLWithPath: manifestPath))
    print("expected.json: \(books.count) books")
} catch {
    FileHandle.standardError.write(Data("make-samplebooks: \(error)\n".utf8))
    exit(1)
}
