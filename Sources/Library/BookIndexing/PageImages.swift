import BookLibrary
import FileOutput
import Foundation
import Raster

/// The selected pages of a book as one PNG each in a folder, named
/// "page-007.png" with the page number padded to the width of the page
/// count, so the files list in page order.
struct PageImages {
    func write(_ book: Book, into folder: String, options: ContactSheetOptions,
               progress: ((_ done: Int, _ total: Int) -> Void)?) throws -> ThumbnailFiles {
        let options = try options.validated()
        let directory = URL(fileURLWithPath: folder).standardizedFileURL
        // The book is opened first: one that cannot be (its file gone, a wrong password) leaves no folder behind.
        let thumbnailer = try PageThumbnailer(book: book, pages: options.pages, size: options.thumbnailSize,
                                              password: options.password)
        try Self.makeFolder(directory.path)
        let digits = String(thumbnailer.document.pageCount).count
        var result = ThumbnailFiles(files: [], pages: thumbnailer.pages, unrendered: [])
        for (index, page) in thumbnailer.pages.enumerated() {
            switch thumbnailer.thumbnail(page).outcome {
            case .rendered(let image):
                let number = String(page)
                let name = "page-" + String(repeating: "0", count: max(0, digits - number.count)) + number + ".png"
                let path = directory.appendingPathComponent(name).path
                try AtomicFile.write(Data(PNGEncoder.encode(image)), to: path)
                result.files.append(path)
            case .failed(let failure):
                result.unrendered.append(failure)
            }
            progress?(index + 1, thumbnailer.pages.count)
        }
        return result
    }

    /// The folder is made if it is missing, but not its parents: a mistyped
    /// path should not quietly grow a tree.
    private static func makeFolder(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw AtomicFileError.cannotWrite(path, reason: "not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        } catch {
            throw AtomicFileError.noSuchFolder(path)
        }
    }
}

extension Library {
    /// Writes each selected page of `book` as a PNG thumbnail into `folder`,
    /// making the folder if it is missing.
    public func pageImages(of book: Book, into folder: String, options: ContactSheetOptions = ContactSheetOptions(),
                           progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws -> ThumbnailFiles {
        try PageImages().write(book, into: folder, options: options, progress: progress)
    }
}
