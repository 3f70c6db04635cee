import BookLibrary
import FileNames
import Foundation

/// The pages of a local library that wait for OCR: those with (almost) no
/// text, in the books `add` queued (see `queueForOCR`). `add` leaves them so
/// that a batch's text is in and searchable without waiting for tesseract;
/// one run at a time per library reads them, started in the background by
/// `add` (and by `view` of a queued book) or in the foreground by
/// `ocr --pending`. The queue is in the library, and each page is stored as
/// it is read, so a run that is killed loses at most the pages it was
/// reading, and the next run goes on from there.
public struct OCRQueue {
    let library: Library

    public init(library: Library) { self.library = library }

    /// Pages waiting in the queued books.
    public func pendingPages() throws -> Int {
        try library.booksQueuedForOCR().reduce(0) { $0 + (try library.pagesNeedingOCR($1).count) }
    }

    /// Queues the PDFs among `books` that have pages to read; returns how many pages.
    public func queue(_ books: [Book]) throws -> Int {
        let waiting = try books.filter { $0.format == .pdf }.map { ($0, try library.pagesNeedingOCR($0).count) }
            .filter { $0.1 > 0 }
        try library.queueForOCR(waiting.map(\.0))
        return waiting.reduce(0) { $0 + $1.1 }
    }

    /// Reads the queued books' pages, then those of books queued meanwhile,
    /// at most one run per library. When another run holds the queue: with
    /// `waitsForOther`, waits for it, telling `onWaiting` how many pages are
    /// left every half second; else returns at once, as that run reads what
    /// is queued now (it looks again after letting go).
    public func drain(options: OCROptions, stop: StopFlag, waitsForOther: Bool,
                      onWaiting: (Int) -> Void = { _ in },
                      onProgress: (OCRProgress) -> Void = { _ in },
                      onResult: (OCRBookResult) -> Void = { _ in }) throws -> OCRRunSummary {
        let lock = try QueueLock(path: library.location.directory + "/ocr.lock")
        var total = OCRRunSummary()
        repeat {
            while !lock.tryLock() {
                guard waitsForOther, !stop.isSet else {
                    total.interrupted = stop.isSet
                    total.leftToOtherRun = !stop.isSet
                    return total
                }
                total.waitedForOtherRun = true
                onWaiting(try pendingPages())
                usleep(500_000)
            }
            defer { lock.unlock() }
            while !stop.isSet {
                let queued = try library.booksQueuedForOCR()
                if queued.isEmpty { break }
                let pass = try library.ocr(queued, options: options, stop: stop, onProgress: onProgress, onResult: onResult)
                total.pagesRead += pass.pagesRead
                total.pagesFailed += pass.pagesFailed
                total.seconds += pass.seconds
                if !stop.isSet { try library.removeFromOCRQueue(queued) }
            }
        } while try !stop.isSet && !library.booksQueuedForOCR().isEmpty
        total.interrupted = stop.isSet
        return total
    }

    /// Starts `command` (the program's path, then its arguments: the CLI's
    /// way to read this queue) in a session of its own, so that a closed
    /// terminal or Ctrl-C in it does not stop it, its messages in `ocr.log`
    /// in the library's folder; false when it could not be started.
    @discardableResult
    public func startInBackground(_ command: [String]) -> Bool {
        guard let executable = command.first else { return false }
        let folder = library.location.directory
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        FileName.withCString(folder + "/ocr.log") { log in
            _ = posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o600)
        }
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // POSIX_SPAWN_SETSID (glibc's value; Swift does not import the macro).
        posix_spawnattr_setflags(&attributes, Int16(Self.spawnSetSID))
        var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var child: pid_t = 0
        return posix_spawn(&child, executable, &actions, &attributes, &argv, environ) == 0
    }

    static let spawnSetSID: Int32 = 0x80
}

/// An advisory lock on a file ibook makes in the library's folder, held by
/// the one run that reads the queue; the kernel releases it when the run
/// ends, however it ends.
private final class QueueLock {
    private let descriptor: Int32

    init(path: String) throws {
        descriptor = FileName.withCString(path) { open($0, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600) }
        guard descriptor >= 0 else { throw LibraryError.notALibrary(path, reason: String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    func tryLock() -> Bool { flock(descriptor, LOCK_EX | LOCK_NB) == 0 }
    func unlock() { flock(descriptor, LOCK_UN) }
}
