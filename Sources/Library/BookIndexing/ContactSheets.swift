import BookLibrary
import Drawing
import FileOutput
import Foundation

/// A book's pages as a grid of captioned thumbnails in one PNG, or in
/// several numbered PNGs when one would be too tall to open comfortably.
/// Pages are rendered and drawn one at a time and only one sheet is held in
/// memory, so a long book costs time, not memory.
struct ContactSheets {
    func write(_ book: Book, to path: String, options: ContactSheetOptions,
               progress: ((_ done: Int, _ total: Int) -> Void)?) throws -> ThumbnailFiles {
        let options = try options.validated()
        let layout = ContactSheetLayout(columns: options.columns, thumbnailSize: options.thumbnailSize,
                                        maximumHeight: options.maximumSheetHeight)
        guard layout.fitsWidth else {
            throw LibraryError.invalidArgument(
                "\(layout.columns) columns of \(layout.thumbnailSize) px thumbnails make a sheet \(layout.width) px wide; "
                    + "the most is \(ContactSheetLayout.maximumSide): use fewer columns or a smaller size")
        }
        let destination = URL(fileURLWithPath: path).standardizedFileURL.path
        // Fail before the rendering, not after it.
        try Self.requireFolder(of: destination)
        let thumbnailer = try PageThumbnailer(book: book, pages: options.pages, size: options.thumbnailSize,
                                              password: options.password)
        let pages = thumbnailer.pages
        let sheetCount = layout.sheetCount(cells: pages.count)
        var result = ThumbnailFiles(files: [], pages: pages, unrendered: [])
        for sheetIndex in 0..<sheetCount {
            let first = sheetIndex * layout.cellsPerSheet
            let sheetPages = pages[first..<min(pages.count, first + layout.cellsPerSheet)]
            let sheet = try ContactSheet(layout: layout, cellCount: sheetPages.count)
            for (cell, page) in sheetPages.enumerated() {
                let thumbnail = thumbnailer.thumbnail(page)
                switch thumbnail.outcome {
                case .rendered(let image):
                    try sheet.draw(image, caption: thumbnail.caption, at: cell)
                case .failed(let failure):
                    sheet.drawUnrendered(caption: "page \(page) could not be rendered", at: cell)
                    result.unrendered.append(failure)
                }
                progress?(first + cell + 1, pages.count)
            }
            let file = sheetCount == 1 ? destination : Self.numbered(destination, sheetIndex + 1, of: sheetCount)
            try AtomicFile.write(Data(try sheet.pngData()), to: file)
            result.files.append(file)
        }
        return result
    }

    /// "sheet.png" → "sheet-1.png"; zero-padded so the files sort in order.
    static func numbered(_ path: String, _ number: Int, of count: Int) -> String {
        let url = URL(fileURLWithPath: path)
        let stem = url.deletingPathExtension().lastPathComponent
        let digits = String(count).count
        let padded = String(repeating: "0", count: max(0, digits - String(number).count)) + String(number)
        let name = url.pathExtension.isEmpty ? "\(stem)-\(padded)" : "\(stem)-\(padded).\(url.pathExtension)"
        return url.deletingLastPathComponent().appendingPathComponent(name).path
    }

    static func requireFolder(of path: String) throws {
        var isDirectory: ObjCBool = false
        let folder = (path as NSString).deletingLastPathComponent
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw AtomicFileError.noSuchFolder(path)
        }
    }
}

extension Library {
    /// Draws the selected pages of `book` as a contact sheet at `path`
    /// ("sheet.png"), or as "sheet-1.png", "sheet-2.png"… beside it when the
    /// grid is taller than `options.maximumSheetHeight`.
    public func contactSheets(of book: Book, to path: String, options: ContactSheetOptions = ContactSheetOptions(),
                              progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> ThumbnailFiles {
        try ContactSheets().write(book, to: path, options: options, progress: progress)
    }
}
