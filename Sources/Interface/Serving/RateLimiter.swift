import Foundation

/// Requests per client address, as a token bucket: `perSecond` on average, bursts of `burst`
/// (a page of a hundred covers asks for a hundred thumbnails at once). Safe from several threads.
public final class RateLimiter: @unchecked Sendable {
    public let perSecond: Double
    public let burst: Double
    private let lock = NSLock()
    private var buckets: [[UInt8]: (tokens: Double, at: Double)] = [:]
    /// Beyond it the buckets full again (idle clients) are forgotten, so that many addresses cost no unbounded memory.
    static let addressesKept = 10_000

    public init(perSecond: Int, burst: Int? = nil) {
        self.perSecond = Double(max(1, perSecond))
        self.burst = Double(max(1, burst ?? perSecond * 5))
    }

    /// nil when the request may go on; else the whole seconds to wait before the next one would.
    public func admit(_ address: [UInt8], now: Double = RateLimiter.clock()) -> Int? {
        lock.withLock {
            var bucket = buckets[address] ?? (burst, now)
            bucket.tokens = min(burst, bucket.tokens + (now - bucket.at) * perSecond)
            bucket.at = now
            guard bucket.tokens >= 1 else {
                buckets[address] = bucket
                return max(1, Int(((1 - bucket.tokens) / perSecond).rounded(.up)))
            }
            bucket.tokens -= 1
            buckets[address] = bucket
            if buckets.count > Self.addressesKept { forgetIdle(now: now) }
            return nil
        }
    }

    private func forgetIdle(now: Double) {
        buckets = buckets.filter { _, bucket in bucket.tokens + (now - bucket.at) * perSecond < burst }
    }

    /// Seconds on a clock that only goes forward.
    public static func clock() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
