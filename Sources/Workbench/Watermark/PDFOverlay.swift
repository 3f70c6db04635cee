import QPDF

/// One qpdf run that lays pages of a stamp PDF over or under pages of a
/// document, as `qpdf in.pdf --overlay stamp.pdf --to=… --from=… -- out.pdf`
/// does.
enum PDFOverlay {
    /// Which stamp page goes on which document pages.
    struct Assignment {
        var stampPage: Int
        var targetPages: [Int]
    }

    /// Runs the job. `progress` gets qpdf's percentage while it writes.
    /// With `keepOnlyPage`, the output holds just that page, renumbered 1,
    /// and `assignments` must already use that numbering.
    static func run(input: String, password: String?, stamp: String, layer: WatermarkLayer,
                    assignments: [Assignment], output: String, keepOnlyPage: Int? = nil,
                    progress: ((Int) -> Void)?) throws {
        var arguments = ["qpdf", input]
        if let password { arguments.append("--password=\(password)") }
        if progress != nil { arguments.append("--progress") }
        if let keepOnlyPage { arguments += ["--pages", ".", String(keepOnlyPage), "--"] }
        let groups = assignments.filter { !$0.targetPages.isEmpty }.sorted { $0.targetPages.count < $1.targetPages.count }
        if let largest = groups.last {
            // qpdf 11.3 takes one --overlay per run, so every stamp page comes
            // from one file: --to lists the pages group by group, --from
            // names the stamp for each page of all but the largest group, and
            // --repeat covers the largest group without a page-long list.
            let others = groups.dropLast()
            let targets = others.flatMap(\.targetPages) + largest.targetPages
            let from = others.flatMap { group in group.targetPages.map { _ in String(group.stampPage) } }
            arguments += ["--\(layer == .over ? "overlay" : "underlay")", stamp,
                          "--to=\(orderedRange(targets))", "--from=\(from.joined(separator: ","))",
                          "--repeat=\(largest.stampPage)", "--"]
        }
        arguments.append(output)
        do {
            try QPDFJob().run(arguments, progress: progress)
        } catch let error as QPDFError {
            throw WatermarkError.qpdf(error.message)
        }
    }

    /// "1-5,7,9-12" from page numbers in the order given; ascending runs
    /// are folded so the argument stays short for long documents.
    static func orderedRange(_ pages: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        while index < pages.count {
            var end = index
            while end + 1 < pages.count, pages[end + 1] == pages[end] + 1 { end += 1 }
            parts.append(end == index ? "\(pages[index])" : "\(pages[index])-\(pages[end])")
            index = end + 1
        }
        return parts.joined(separator: ",")
    }
}
