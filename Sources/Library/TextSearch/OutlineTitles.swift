/// A book's outline as a search reads it: every title in one text, a line
/// each, and each entry's page. Titles go straight from the database's
/// bytes into the text (no String for each): a manual's outline has
/// hundreds of entries, read for every search whose words it holds.
package struct OutlineTitles {
    /// The titles, each followed by a line break (a title may hold line
    /// breaks of its own: `starts` says where each begins).
    package private(set) var text: [UInt8] = []
    /// Where each title starts in `text`.
    package private(set) var starts: [Int] = []
    package private(set) var pages: [Int?] = []

    package init() {}

    package init(_ entries: [(title: String, page: Int?)]) {
        for entry in entries {
            var title = entry.title
            title.withUTF8 { append(title: $0, page: entry.page) }
        }
    }

    package var count: Int { starts.count }

    package mutating func append(title: UnsafeBufferPointer<UInt8>, page: Int?) {
        starts.append(text.count)
        pages.append(page)
        text.append(contentsOf: title)
        text.append(0x0A)
    }

    /// The bytes of title `index`, without its line break.
    package func title(_ index: Int) -> ArraySlice<UInt8> {
        text[starts[index]..<(index + 1 < starts.count ? starts[index + 1] : text.count) - 1]
    }

    /// The entry whose title (or line break after it) holds `offset` of `text`.
    package func entry(at offset: Int) -> Int {
        var low = 0, high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low - 1
    }
}
