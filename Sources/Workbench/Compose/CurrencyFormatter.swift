import Foundation

/// Formats amounts of one currency the way a locale writes them (`€1,234.50`,
/// `1.234,50 €`, `¥1,235`), and knows how many minor digits the currency has.
public struct CurrencyFormatter {
    public let code: String
    public let locale: Locale
    /// 2 for EUR and USD, 0 for JPY: read from the formatter rather than a table of our own.
    public let fractionDigits: Int
    private let formatter: NumberFormatter

    public init(code: String, localeIdentifier: String) throws {
        let code = code.uppercased()
        guard code.count == 3, Locale.Currency.isoCurrencies.contains(where: { $0.identifier == code }) else {
            throw ComposeError.unknownCurrency(code)
        }
        self.code = code
        locale = Locale(identifier: localeIdentifier)
        formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .currency
        formatter.currencyCode = code
        let zero = formatter.string(from: 0) ?? "0.00"
        let separator = formatter.currencyDecimalSeparator ?? formatter.decimalSeparator ?? "."
        if let range = zero.range(of: separator, options: .backwards) {
            fractionDigits = zero[range.upperBound...].prefix { $0.isNumber }.count
        } else {
            fractionDigits = 0
        }
        formatter.minimumFractionDigits = fractionDigits
        formatter.maximumFractionDigits = fractionDigits
    }

    /// Rounds half away from zero to the currency's minor unit, as invoices do.
    public func rounded(_ amount: Decimal) -> Decimal {
        var value = amount
        var result = Decimal()
        NSDecimalRound(&result, &value, fractionDigits, .plain)
        return result
    }

    public func string(_ amount: Decimal) -> String {
        let rounded = rounded(amount)
        return formatter.string(from: NSDecimalNumber(decimal: rounded)) ?? "\(code) \(rounded)"
    }
}
