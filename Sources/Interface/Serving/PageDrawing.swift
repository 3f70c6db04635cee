import BookLibrary
import Foundation

/// Pages drawn for clients, several at once: PDFs' on as many threads as the machine has cores
/// (poppler draws separate documents side by side), the other formats' one at a time (MuPDF is
/// given one drawing at a time). The same page at the same size asked for twice at once is drawn
/// once: the second asker waits for the first and then finds it in the cache.
final class PageDrawing: @unchecked Sendable {
    private let condition = NSCondition()
    private let slots: Int
    private var running = 0
    private var reflowRunning = false
    private var inProgress: Set<String> = []
    /// The sizes pages were found to need for a width: reading them from the book means opening
    /// it (20 ms for a long PDF), which a page already in the cache should not cost again.
    private var sizes: [String: Int] = [:]
    static let sizesKept = 50_000

    init(slots: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.slots = max(1, slots)
    }

    /// The size `page` of `book` is drawn at to be `width` wide, from `measure` the first time.
    func size(of book: Book, page: Int, width: Int, _ measure: () throws -> Int) throws -> Int {
        let key = "\(book.sha256)/\(page)/w\(width)"
        if let known = condition.withLock({ sizes[key] }) { return known }
        let size = try run(book, page: page, size: -width, measure)
        condition.withLock {
            if sizes.count >= Self.sizesKept { sizes.removeAll(keepingCapacity: true) }
            sizes[key] = size
        }
        return size
    }

    /// Runs `body`, which draws (or measures) `page` of `book` at `size`, when a slot is free.
    func run<T>(_ book: Book, page: Int, size: Int, _ body: () throws -> T) rethrows -> T {
        let key = "\(book.sha256)/\(page)/\(size)"
        let oneAtATime = book.format != .pdf
        condition.lock()
        while running >= slots || inProgress.contains(key) || (oneAtATime && reflowRunning) { condition.wait() }
        running += 1
        inProgress.insert(key)
        if oneAtATime { reflowRunning = true }
        condition.unlock()
        defer {
            condition.lock()
            running -= 1
            inProgress.remove(key)
            if oneAtATime { reflowRunning = false }
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
