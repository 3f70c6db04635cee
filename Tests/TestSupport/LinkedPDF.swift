import Foundation

/// A book whose pages link to each other and out, built object by object:
/// `/Link` annotations with a `/Dest` array, a named destination looked up
/// in the catalog's `/Names /Dests` tree, and a `/URI` action.
public enum LinkedPDF {
    public enum Target {
        /// A 1-based page and the destination's top, in PDF units from the page's bottom.
        case page(Int, top: Double)
        case named(String)
        case uri(String)
    }

    public struct Link {
        public var page: Int
        /// x1 y1 x2 y2 in PDF units, y up from the page's bottom (792 high).
        public var rect: (Double, Double, Double, Double)
        public var target: Target
        public init(page: Int, rect: (Double, Double, Double, Double), target: Target) {
            self.page = page
            self.rect = rect
            self.target = target
        }
    }

    /// `RawPDF.book`'s pages (text from the top, 11 pt lines 14 apart, the
    /// first baseline at 720) with the links over them.
    public static func make(title: String, pages: [String], links: [Link],
                            names: [(name: String, page: Int, top: Double)] = []) -> RawPDF {
        var pdf = RawPDF.book(title: title, pages: pages)
        let pageObject = { (page: Int) in 10 + 2 * (page - 1) }
        let firstAnnotation = 10 + 2 * pages.count + 10
        let namesObject = firstAnnotation + links.count
        func destination(_ page: Int, _ top: Double) -> String { "[\(pageObject(page)) 0 R /XYZ 0 \(top) 0]" }
        for (index, link) in links.enumerated() {
            let action: String
            switch link.target {
            case .page(let page, let top): action = "/Dest \(destination(page, top))"
            case .named(let name): action = "/Dest (\(name))"
            case .uri(let uri): action = "/A << /S /URI /URI (\(uri)) >>"
            }
            let (x1, y1, x2, y2) = link.rect
            pdf.set(firstAnnotation + index, "<< /Type /Annot /Subtype /Link /Rect [\(x1) \(y1) \(x2) \(y2)] /Border [0 0 0] \(action) >>")
        }
        for page in 1...max(1, pages.count) {
            let annotations = links.indices.filter { links[$0].page == page }.map { "\(firstAnnotation + $0) 0 R" }
            guard !annotations.isEmpty else { continue }
            pdf.set(pageObject(page), "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents \(pageObject(page) + 1) 0 R "
                    + "/Resources << /Font << /F1 3 0 R >> >> /Annots [\(annotations.joined(separator: " "))] >>")
        }
        if !names.isEmpty {
            // A name tree's leaf: names in sorted order, each with its destination.
            let entries = names.sorted { $0.name < $1.name }.map { "(\($0.name)) \(destination($0.page, $0.top))" }
            pdf.set(namesObject, "<< /Names [\(entries.joined(separator: " "))] >>")
            pdf.set(1, "<< /Type /Catalog /Pages 2 0 R /Names << /Dests \(namesObject) 0 R >> >>")
        }
        return pdf
    }

    /// Three pages: on the first, a link to page 2 (heading at 500), one to
    /// the named destination `chapter-three` (page 3 at 300) and one to a web address.
    public static func threePages() -> RawPDF {
        make(title: "Linked Manual",
             pages: ["Go to Chapter Two now\nNamed target here\nVisit the website",
                     "Chapter Two\nsecond page text",
                     "Chapter Three\nthird page text"],
             links: [Link(page: 1, rect: (70, 718, 250, 732), target: .page(2, top: 500)),
                     Link(page: 1, rect: (70, 704, 250, 715), target: .named("chapter-three")),
                     Link(page: 1, rect: (70, 690, 250, 701), target: .uri("https://example.org/manual"))],
             names: [("chapter-three", 3, 300)])
    }

    /// Four pages with a link on each of the first three, for the pages in
    /// view together: page 1's near its bottom (to page 3), page 2's at its
    /// top (to page 4's heading at 500), page 3's under its first line (to page 1).
    public static func fourPages() -> RawPDF {
        make(title: "Linked Spread",
             pages: ["Cover page", "Left link to four\nsecond page text", "Right page\nRight link to one", "Last page"],
             links: [Link(page: 1, rect: (70, 100, 250, 112), target: .page(3, top: 792)),
                     Link(page: 2, rect: (70, 718, 250, 732), target: .page(4, top: 500)),
                     Link(page: 3, rect: (70, 704, 250, 715), target: .page(1, top: 792))])
    }
}
