import FoundationEssentials
import Glibc

/// A connected Unix socket to a PostgreSQL server, and the messages read from it:
/// a type byte and a length the server gives, which is checked, never trusted.
final class WireSocket {
    /// What went wrong on the socket: the server is out of reach or gone, or sent what is no message.
    struct Failure: Error {
        var message: String
    }

    /// One message; `body` points into the socket's buffer and is valid until the next read.
    struct Message {
        var type: UInt8
        var body: UnsafeBufferPointer<UInt8>
    }

    /// A row holds at most 1 GB a value (the server's own limit); a message claiming more is no message.
    static let longestMessage = 1 << 31 - 1

    private let descriptor: Int32
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity = 1 << 16
    /// The bytes read and not yet taken: buffer[start..<end].
    private var start = 0
    private var end = 0

    /// Connects to the socket at `path`, waiting at most `timeout` seconds (0: as long as it takes) for a
    /// server whose queue of connections is full; the reason connect(2) gives otherwise.
    init(path: String, timeout: Int) throws {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let room = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < room else {
            throw Failure(message: "Unix-domain socket path \"\(path)\" is too long (maximum \(room - 1) bytes)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { target in
            target.copyBytes(from: bytes)
            target[bytes.count] = 0
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(message: String(cString: strerror(errno))) }
        // A Unix socket's connect waits on a full queue as long as its sends may wait: bounded for it alone.
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        if timeout > 0 { setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size)) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let reason = errno == EAGAIN || errno == EINPROGRESS ? "timeout expired" : String(cString: strerror(errno))
            close(descriptor)
            throw Failure(message: reason)
        }
        wait = timeval(tv_sec: 0, tv_usec: 0)
        if timeout > 0 { setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size)) }
        self.descriptor = descriptor
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        close(descriptor)
        buffer.deallocate()
    }

    /// Sends all of `bytes`, or throws: never SIGPIPE, which would end ibook without a word.
    func write(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(message: "server closed the connection unexpectedly")
            }
            sent += count
        }
    }

    /// Says goodbye without waiting or failing: the socket closes in any case.
    func writeIfPossible(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress!, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
    }

    /// The next message, waiting for it; until `deadline` (CLOCK_MONOTONIC seconds) when one is given.
    func nextMessage(deadline: Double? = nil) throws -> Message {
        while true {
            if let message = try completeMessage() { return message }
            try fill(deadline: deadline)
        }
    }

    /// The next message if all of it has arrived.
    func completeMessage() throws -> Message? {
        guard end - start >= 5 else { return nil }
        let length = Int(UInt32(buffer[start + 1]) << 24 | UInt32(buffer[start + 2]) << 16
            | UInt32(buffer[start + 3]) << 8 | UInt32(buffer[start + 4]))
        guard length >= 4, length <= Self.longestMessage else {
            throw Failure(message: "the server sent a message of \(length) bytes, which is no message of PostgreSQL's protocol")
        }
        guard end - start >= 1 + length else {
            reserve(1 + length)
            return nil
        }
        let message = Message(type: buffer[start], body: UnsafeBufferPointer(start: buffer + start + 5, count: length - 4))
        start += 1 + length
        return message
    }

    /// Takes in what the server has sent so far without waiting, so that it is not held up by a full socket.
    func readAvailable() {
        while true {
            reserve(end - start + 4096)
            let count = recv(descriptor, buffer + end, capacity - end, Int32(MSG_DONTWAIT))
            if count > 0 { end += count; continue }
            if count < 0, errno == EINTR { continue }
            return
        }
    }

    /// Reads at least one byte more.
    private func fill(deadline: Double?) throws {
        reserve(end - start + 4096)
        while true {
            if let deadline {
                let left = deadline - Self.now()
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = left <= 0 ? 0 : poll(&poller, 1, Int32(min(left * 1000, 1e9).rounded(.up)))
                if ready < 0, errno == EINTR { continue }
                guard ready > 0 else { throw Failure(message: "timeout expired") }
            }
            let count = recv(descriptor, buffer + end, capacity - end, 0)
            if count > 0 { end += count; return }
            if count < 0, errno == EINTR { continue }
            throw Failure(message: "server closed the connection unexpectedly")
        }
    }

    /// Room for `bytes` from `start`: the unread bytes moved to the front, the buffer grown as the data arrives.
    private func reserve(_ bytes: Int) {
        guard capacity - start < bytes else { return }
        if start > 0 {
            if end > start { buffer.update(from: buffer + start, count: end - start) }
            end -= start
            start = 0
        }
        guard capacity < bytes else { return }
        // Grown in steps, so that a length a server claims is not allocated before its bytes come.
        let grown = min(max(bytes, capacity * 2), max(capacity * 2, end + (1 << 24)))
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: buffer, count: end)
        buffer.deallocate()
        buffer = larger
        capacity = grown
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
