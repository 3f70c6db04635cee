import CSQLite
import FoundationEssentials
import Glibc

/// A deterministic SQL function of one text argument, written in Swift:
/// `name(text)` gives `transform(text)`, NULL gives NULL. For comparisons
/// SQLite cannot make itself, such as case folding beyond ASCII.
final class TextFunction {
    let transform: (String) -> String

    init(_ transform: @escaping (String) -> String) { self.transform = transform }
}

extension Database {
    /// Defines `name(text)` on this connection for as long as it is open.
    public func defineTextFunction(_ name: String, _ transform: @escaping (String) -> String) throws {
        let box = Unmanaged.passRetained(TextFunction(transform))
        let code = sqlite3_create_function_v2(
            connection.handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, box.toOpaque(),
            { context, count, arguments in
                guard let context, count == 1, let argument = arguments?[0],
                      sqlite3_value_type(argument) != SQLITE_NULL, let bytes = sqlite3_value_text(argument) else {
                    sqlite3_result_null(context)
                    return
                }
                let function = Unmanaged<TextFunction>.fromOpaque(sqlite3_user_data(context)).takeUnretainedValue()
                let result = function.transform(String(cString: bytes))
                sqlite3_result_text(context, result, -1, ibook_sqlite_transient())
            },
            nil, nil,
            { pointer in pointer.map { Unmanaged<TextFunction>.fromOpaque($0).release() } })
        // On failure SQLite has already called the destructor, which released the box.
        guard code == SQLITE_OK else { throw connection.error(code, sql: "\(name)(?)") }
    }
}
