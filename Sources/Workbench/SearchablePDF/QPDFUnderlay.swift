import QPDF

/// One qpdf job that lays the pages of a layer PDF under chosen pages of a
/// document, as `qpdf in.pdf --underlay layer.pdf --to=… --from=… -- out.pdf` does.
enum QPDFUnderlay {
    /// Page i of `layer` goes under page `pages[i]` of `input`.
    static func run(input: String, password: String?, layer: String, pages: [Int], output: String) throws {
        var arguments = ["qpdf", input]
        if let password { arguments.append("--password=\(password)") }
        arguments += ["--underlay", layer, "--to=\(pages.map(String.init).joined(separator: ","))",
                      "--from=1-\(pages.count)", "--", output]
        do {
            try QPDFJob().run(arguments)
        } catch let error as QPDFError {
            throw SearchableCopyError.qpdf(error.message)
        }
    }
}
