import Foundation

/// Makes the covers missing from the thumbnail cache in child processes
/// (`ibook thumbnail #ID`, as a person would run it), one per core at once,
/// so that the shelf's key loop never waits on a page being rendered and a
/// screenful of new covers takes the time of a few. The session polls
/// `descriptors` with the keys and calls `childReady(_:)` for one that is readable.
final class ShelfCoverMaker {
    /// The command up to the book: the binary, `--library DIR`, `thumbnail`.
    private let command: [String]
    private var running: [(bookID: Int, process: Process, output: Int32)] = []
    /// Children at once: each renders one page, so as many as there are cores.
    private let parallel = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))
    /// Books still to do, the first on the screen first.
    private var queue: [Int] = []
    /// Books whose cover could not be made (a locked or broken file): not tried again.
    private var failed: Set<Int> = []

    init(command: [String]) {
        self.command = command
    }

    /// The children's outputs, to poll with the keys.
    var descriptors: [Int32] { running.map(\.output) }

    /// The books on the screen whose covers are missing: they replace those
    /// asked for before, which may have scrolled away.
    func want(_ bookIDs: [Int]) {
        let started = Set(running.map(\.bookID))
        queue = bookIDs.filter { !failed.contains($0) && !started.contains($0) }
        startNext()
    }

    /// The child reading into `descriptor` wrote or ended. Returns the book whose
    /// cover is now in the cache when it ended well; a failed one is not asked for again.
    func childReady(_ descriptor: Int32) -> Int? {
        guard let index = running.firstIndex(where: { $0.output == descriptor }) else { return nil }
        let child = running[index]
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(child.output, &buffer, buffer.count)
        // The path it prints is not needed: the cache is where the shelf looks.
        if count > 0 || (count < 0 && (errno == EAGAIN || errno == EINTR)) { return nil }
        close(child.output)
        child.process.waitUntilExit()
        running.remove(at: index)
        let made = child.process.terminationReason == .exit && child.process.terminationStatus == 0
        if !made { failed.insert(child.bookID) }
        startNext()
        return made ? child.bookID : nil
    }

    /// On the way out: a cover half made is of no use to anyone waiting.
    func stop() {
        queue = []
        for child in running {
            kill(child.process.processIdentifier, SIGTERM)
            close(child.output)
            child.process.waitUntilExit()
        }
        running = []
    }

    private func startNext() {
        guard running.count < parallel, !command.isEmpty, !queue.isEmpty else { return }
        let bookID = queue.removeFirst()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + ["#\(bookID)"]
        // Never the terminal: a locked book must fail rather than ask for its password over the shelf.
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            failed.insert(bookID)
            startNext()
            return
        }
        let descriptor = dup(output.fileHandleForReading.fileDescriptor)
        try? output.fileHandleForReading.close()
        try? output.fileHandleForWriting.close()
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        running.append((bookID, process, descriptor))
        startNext()
    }
}
