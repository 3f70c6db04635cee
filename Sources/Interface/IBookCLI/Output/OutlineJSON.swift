import BookLibrary

/// The outline as a nested JSON tree, written iteratively: Foundation's
/// encoder stops at 512 levels and outlines in the wild go far deeper.
/// Keys are sorted, as in every other JSON this tool prints.
package enum OutlineJSON {
    package static func render(_ entries: [TOCEntry]) throws -> String {
        var output = "["
        // For each open node: the depth the file gave it and its closing text.
        var open: [(givenDepth: Int, closing: String)] = []
        var firstInLevel = true
        for entry in entries {
            while let top = open.last, top.givenDepth >= entry.depth {
                output += top.closing
                open.removeLast()
                firstInLevel = false
            }
            if !firstInLevel { output += "," }
            var closing = "],\"depth\":\(open.count)"
            closing += ",\"label\":" + (try entry.label.map(JSONOutput.encode) ?? "null")
            closing += ",\"page\":" + (entry.page.map(String.init) ?? "null")
            closing += ",\"title\":" + (try JSONOutput.encode(entry.title)) + "}"
            output += "{\"children\":["
            open.append((entry.depth, closing))
            firstInLevel = true
        }
        while let top = open.popLast() { output += top.closing }
        return output + "]"
    }
}
