import Foundation

/// A filled template, ready to print: complete HTML whose relative URLs resolve
/// against `baseDirectory`, and what the filling noticed.
public struct ComposedDocument {
    public var html: String
    public var baseDirectory: String
    public var itemCount: Int
    public var total: Decimal
    public var formattedTotal: String
    /// Data keys no placeholder used, and the like: worth saying, not worth failing for.
    public var warnings: [String]
    /// A default file name built from the invoice number, already safe to use.
    public var suggestedFileName: String
    public var allowNetwork: Bool
}
