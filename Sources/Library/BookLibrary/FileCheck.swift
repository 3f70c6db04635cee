import FileNames
import FoundationEssentials
import Glibc
import Store

/// How a book's file stands against what the library recorded.
public struct FileCheckResult: Codable, Sendable {
    public enum Status: String, Codable, Sendable {
        case ok
        case missing
        case changed
    }
    public var book: Book
    public var status: Status
}

/// Finds books whose file moved, vanished or changed, and relinks them.
struct FileCheck {
    let database: any SQLEngine

    func check(_ books: [Book], onResult: (FileCheckResult) -> Void) -> Int {
        var problems = 0
        for book in books {
            let status: FileCheckResult.Status
            if !FileName.exists(book.path) {
                status = .missing
            } else if let sha = try? SHA256.hex(ofFileAt: book.path), sha == book.sha256 {
                status = .ok
            } else {
                status = .changed
            }
            if status != .ok { problems += 1 }
            onResult(FileCheckResult(book: book, status: status))
        }
        return problems
    }

    /// Points a book at a new file after checking it holds the same content.
    func relocate(_ book: Book, to newPath: String, roots: MachineRoots?) throws -> Book {
        let path = absolutePath(newPath)
        guard FileName.exists(path, directory: false) else {
            throw LibraryError.fileMissing(newPath)
        }
        guard try SHA256.hex(ofFileAt: path) == book.sha256 else { throw LibraryError.hashMismatch(newPath) }
        try Catalog(database: database).setPath(path, of: book, roots: roots)
        var moved = book
        moved.path = path
        return moved
    }
}

extension Library {
    /// Checks every book's file (or the given ones); returns how many have a problem.
    public func checkFiles(_ books: [Book]? = nil, onResult: (FileCheckResult) -> Void) throws -> Int {
        FileCheck(database: engine).check(try books ?? list(), onResult: onResult)
    }

    public func relocate(_ book: Book, to path: String) throws -> Book {
        try requireWritable()
        return try FileCheck(database: engine).relocate(book, to: path, roots: sharedRoots)
    }
}
