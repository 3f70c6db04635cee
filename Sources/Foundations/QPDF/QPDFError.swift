/// What qpdf said when it could not read, change or write a file: its own
/// message, without the "qpdf: " prefix. Each caller puts it in its domain's
/// words (`WatermarkError.qpdf`, `AnnotatingError.qpdf`…).
public struct QPDFError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
