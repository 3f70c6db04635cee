/// Choices for one `compose` run that are not in the template or the data.
public struct ComposeOptions {
    /// Overrides the data's `currency` field.
    public var currency: String?
    /// Overrides the data's `locale` field; the default is `en_US`.
    public var locale: String?
    public var page = PageSetup()
    /// Fill placeholders that have no value with nothing instead of failing.
    public var allowMissing = false
    /// Let WeasyPrint fetch http(s) URLs (images, stylesheets, fonts).
    public var allowNetwork = false

    public init() {}
}
