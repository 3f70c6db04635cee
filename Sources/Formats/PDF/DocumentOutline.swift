import CPoppler

extension PDFDocument {
    /// The outline flattened in document order. Walked with an explicit stack
    /// so outlines thousands of levels deep cannot overflow the call stack;
    /// `limit` and `maxDepth` bound hostile files (cyclic or absurdly large outlines).
    public func outline(limit: Int = 100_000, maxDepth: Int = 5_000) -> [OutlineEntry] {
        guard let root = poppler_index_iter_new(document) else { return [] }
        var stack: [OpaquePointer] = [root]
        defer { for iter in stack { poppler_index_iter_free(iter) } }
        var entries: [OutlineEntry] = []
        while let top = stack.last, entries.count < limit {
            let iter = top
            entries.append(entry(at: iter, depth: stack.count - 1))
            if stack.count < maxDepth, let child = poppler_index_iter_get_child(iter) {
                stack.append(child)
                continue
            }
            while let last = stack.last {
                if poppler_index_iter_next(last) != 0 { break }
                poppler_index_iter_free(last)
                stack.removeLast()
            }
        }
        return entries
    }

    private func entry(at iter: OpaquePointer, depth: Int) -> OutlineEntry {
        guard let action = poppler_index_iter_get_action(iter) else {
            return OutlineEntry(title: "", depth: depth, page: nil)
        }
        defer { poppler_action_free(action) }
        let title = action.pointee.any.title.map { String(cString: $0) }?.cleanedMetadata() ?? ""
        var page: Int?
        var top: Double?
        if action.pointee.type == POPPLER_ACTION_GOTO_DEST, let dest = action.pointee.goto_dest.dest {
            (page, top) = destination(dest)
        }
        return OutlineEntry(title: title, depth: depth, page: page, top: top)
    }

    /// Where a destination leads: its page (1-based, within the document) and
    /// top; a named destination is looked up in the document's name tree.
    func destination(_ dest: UnsafeMutablePointer<PopplerDest>) -> (page: Int?, top: Double?) {
        var page: Int?
        var top: Double?
        if dest.pointee.type == POPPLER_DEST_NAMED, let name = dest.pointee.named_dest {
            if let named = poppler_document_find_dest(document, name) {
                defer { poppler_dest_free(named) }
                if named.pointee.page_num > 0 { page = Int(named.pointee.page_num) }
                top = page.flatMap { destinationTop(named.pointee, page: $0) }
            }
        } else if dest.pointee.page_num > 0 {
            page = Int(dest.pointee.page_num)
            top = destinationTop(dest.pointee, page: Int(dest.pointee.page_num))
        }
        if let target = page, target > pageCount { return (nil, nil) }
        return (page, top)
    }

    /// A destination's top as a fraction of its page's height from the top.
    /// poppler gives it in PDF units from the bottom of the crop box; the
    /// fits that name no top (a whole page, a width without a position) have none.
    private func destinationTop(_ dest: PopplerDest, page: Int) -> Double? {
        switch dest.type {
        case POPPLER_DEST_XYZ, POPPLER_DEST_FITH, POPPLER_DEST_FITBH, POPPLER_DEST_FITR:
            guard dest.type == POPPLER_DEST_FITR || dest.change_top != 0 else { return nil }
            guard page <= pageCount, let height = self.page(at: page - 1)?.size.height, height > 0 else { return nil }
            return min(1, max(0, 1 - dest.top / height))
        default:
            return nil
        }
    }
}
