import Foundation

/// One row of the items block: its amount and the texts for its placeholders.
public struct LineItem {
    /// The row's amount; what `#PRICE#` shows and what the total sums.
    public var price: Decimal
    /// Placeholder name to raw text: `description` fills `#ITEM_DESC#`, any other
    /// key `k` fills `#ITEM_K#`.
    public var fields: [String: String]

    public init(description: String, price: Decimal, fields: [String: String] = [:]) {
        self.price = price
        self.fields = fields
        self.fields["ITEM_DESC"] = description
    }

    init(json: Any, index: Int, path: String) throws {
        let where_ = "item \(index + 1)"
        guard let object = json as? [String: Any] else {
            throw ComposeError.invalidData(path, "\(where_) must be an object with \"description\" and \"price\"")
        }
        guard let priceValue = object["price"] ?? object["amount"] else {
            throw ComposeError.invalidData(path, "\(where_) has no \"price\"")
        }
        guard let price = InvoiceData.amount(priceValue) else {
            throw ComposeError.invalidData(path, "\(where_): \"price\" must be an amount")
        }
        self.price = price
        fields = [:]
        for (key, value) in object where key != "price" && key != "amount" {
            var name = InvoiceData.placeholderName(for: key)
            if name == "DESCRIPTION" || name == "DESC" { name = "ITEM_DESC" }
            if !name.hasPrefix("ITEM_") { name = "ITEM_" + name }
            guard let text = try InvoiceData.text(value, key: "\(where_).\(key)", path: path) else { continue }
            fields[name] = text
        }
    }
}
