import BookLibrary
import FileNames
import FoundationEssentials
import Glibc
import Store

/// Cover thumbnails kept in a shared library's database: written to this
/// machine's thumbnail cache when first shown, so the cache works as locally.
struct PostgresCovers {
    let database: any SQLEngine

    func materialise(_ book: Book, at path: String) throws {
        guard !FileManager.default.fileExists(atPath: path),
              let png = try database.queryRow("SELECT png FROM covers WHERE sha256 = ?", [book.sha256])?.blob("png")
        else { return }
        // The cache is a convenience: a folder that cannot be written only means no thumbnail path is shown.
        try? PrivateStorage.prepare(PathName.folder(of: path))
        try? Data(png).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
