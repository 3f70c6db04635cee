/// An element of an XML document as MuPDF parsed it, with names as written ("dc:title")
/// and looked up by local name, since books disagree on prefixes.
final class XMLNode {
    let name: String
    let attributes: [(name: String, value: String)]
    private(set) var children: [XMLNode] = []
    /// Text and elements in document order: text as strings, elements as indices into children.
    private var content: [Part] = []

    private enum Part {
        case text(String)
        case element(Int)
    }

    init(name: String, attributes: [(name: String, value: String)]) {
        self.name = name
        self.attributes = attributes
    }

    /// Deeper than this, elements are dropped: every walk over the tree may then recurse
    /// safely, however deeply a hostile file nests.
    static let deepest = 200

    /// The tree from reflow_parse_xml's records, under a nameless document node.
    static func build(from records: [UInt8]) -> XMLNode {
        let document = XMLNode(name: "", attributes: [])
        var stack = [document]
        var skipped = 0
        var reader = RecordReader(records)
        while let kind = reader.u8() {
            switch kind {
            case 1:
                guard let name = reader.string(), let count = reader.u32() else { return document }
                var attributes: [(name: String, value: String)] = []
                for _ in 0..<count {
                    guard let key = reader.string(), let value = reader.string() else { return document }
                    attributes.append((key, value))
                }
                if skipped > 0 || stack.count > deepest {
                    skipped += 1
                    continue
                }
                let node = XMLNode(name: name, attributes: attributes)
                let parent = stack[stack.count - 1]
                parent.content.append(.element(parent.children.count))
                parent.children.append(node)
                stack.append(node)
            case 2:
                if skipped > 0 { skipped -= 1 } else if stack.count > 1 { stack.removeLast() }
            case 3:
                guard let text = reader.string() else { return document }
                if skipped == 0 { stack[stack.count - 1].content.append(.text(text)) }
            default:
                return document
            }
        }
        return document
    }

    /// "dc:title" → "title".
    var localName: String { Self.local(name) }

    static func local(_ name: String) -> String {
        name.lastIndex(of: ":").map { String(name[name.index(after: $0)...]) } ?? name
    }

    /// The attribute whose local name is `name` ("opf:role" answers "role").
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value ?? attributes.first { Self.local($0.name) == name }?.value
    }

    func child(_ localName: String) -> XMLNode? { children.first { $0.localName == localName } }

    func children(_ localName: String) -> [XMLNode] { children.filter { $0.localName == localName } }

    /// Every element below, depth first, in document order.
    func descendants(_ localName: String) -> [XMLNode] {
        var found: [XMLNode] = []
        for child in children {
            if child.localName == localName { found.append(child) }
            found.append(contentsOf: child.descendants(localName))
        }
        return found
    }

    /// The first element below whose id is `id`, depth first.
    func element(withID id: String) -> XMLNode? {
        for child in children {
            if child.attribute("id") == id { return child }
            if let found = child.element(withID: id) { return found }
        }
        return nil
    }

    /// All the text inside, in order.
    var text: String {
        var result = ""
        for item in content {
            switch item {
            case .text(let text): result += text
            case .element(let index): result += children[index].text
            }
        }
        return result
    }

    /// The words a reader meets first at this element, as a layout shows them: without the print
    /// edition's page numbers (`epub:type="pagebreak"`, `role="doc-pagebreak"`), which a book may show
    /// in the margin, on a page of their own, or not at all; and up to its first list, whose numbers
    /// or bullets the layout draws between the words.
    var leadingText: String {
        var result = ""
        _ = appendLeadingText(to: &result)
        return result
    }

    var isPageBreak: Bool {
        attribute("role") == "doc-pagebreak"
            || attribute("type").map { $0.split(separator: " ").contains("pagebreak") } ?? false
    }

    /// False once a list has ended the leading text.
    private func appendLeadingText(to result: inout String) -> Bool {
        for item in content {
            switch item {
            case .text(let text): result += text
            case .element(let index):
                let child = children[index]
                if child.isPageBreak { continue }
                if ["ol", "ul"].contains(child.localName), result.contains(where: { !$0.isWhitespace }) { return false }
                if !child.appendLeadingText(to: &result) { return false }
            }
        }
        return true
    }
}
