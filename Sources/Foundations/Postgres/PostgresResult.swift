import CPQ
import Store

/// A query's rows copied out of a libpq PGresult.
struct PostgresResult {
    let rows: [Row]

    init(_ result: OpaquePointer) {
        let columnCount = PQnfields(result)
        let names = (0..<columnCount).map { String(cString: PQfname(result, $0)) }
        // Once a column, not once a value: a search's ranking is thousands of values.
        let readings = (0..<columnCount).map { PostgresValueReading(type: PQftype(result, $0)) }
        rows = (0..<PQntuples(result)).map { row in
            let values = (0..<columnCount).map { column -> SQLValue in
                guard PQgetisnull(result, row, column) == 0 else { return .null }
                let length = Int(PQgetlength(result, row, column))
                return PQgetvalue(result, row, column).withMemoryRebound(to: UInt8.self, capacity: length) {
                    readings[Int(column)].value(UnsafeBufferPointer(start: $0, count: length))
                }
            }
            return Row(columnNames: names, values: values)
        }
    }
}
