/// One target of an EPUB's page list (the print edition's page numbers): its label and the page it lands on.
public struct ReflowPageTarget: Codable, Equatable, Sendable {
    public var title: String
    /// 1-based; nil when its target cannot be found.
    public var page: Int?

    public init(title: String, page: Int?) {
        self.title = title
        self.page = page
    }

    /// Each of `pageCount` pages labelled with the first target it holds, a page holding none with
    /// the last target before it; pages before the first target are nil. Targets in page-list order.
    public static func labels(pageCount: Int, targets: [ReflowPageTarget]) -> [String?] {
        var labels = [String?](repeating: nil, count: max(0, pageCount))
        var firstOnPage: [Int: String] = [:]
        var lastOnPage: [Int: String] = [:]
        for target in targets {
            guard let page = target.page, page >= 1, page <= pageCount else { continue }
            if firstOnPage[page - 1] == nil { firstOnPage[page - 1] = target.title }
            lastOnPage[page - 1] = target.title
        }
        guard !firstOnPage.isEmpty else { return labels }
        var carried: String?
        for index in 0..<pageCount {
            labels[index] = firstOnPage[index] ?? carried
            if let last = lastOnPage[index] { carried = last }
        }
        return labels
    }
}
