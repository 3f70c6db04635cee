/// Rendered pages kept for page turns, least recently used out first,
/// bounded by count and by bytes so a huge page cannot hoard memory.
public struct PageImageCache {
    private var entries: [(request: RenderRequest, page: RenderedPage)] = []
    public let maximumEntries: Int
    public let maximumBytes: Int

    public init(maximumEntries: Int = 12, maximumBytes: Int = 384 << 20) {
        self.maximumEntries = maximumEntries
        self.maximumBytes = maximumBytes
    }

    public var count: Int { entries.count }

    public mutating func get(_ request: RenderRequest) -> RenderedPage? {
        guard let index = entries.firstIndex(where: { $0.request == request }) else { return nil }
        let entry = entries.remove(at: index)
        entries.append(entry)
        return entry.page
    }

    public func contains(_ request: RenderRequest) -> Bool { entries.contains { $0.request == request } }

    public mutating func put(_ request: RenderRequest, _ page: RenderedPage) {
        entries.removeAll { $0.request == request }
        entries.append((request, page))
        while entries.count > maximumEntries || (entries.count > 1 && bytes > maximumBytes) { entries.removeFirst() }
    }

    private var bytes: Int {
        entries.reduce(0) { total, entry in
            if case .image(let image, _, _) = entry.page { return total + image.pixels.count }
            return total
        }
    }
}
