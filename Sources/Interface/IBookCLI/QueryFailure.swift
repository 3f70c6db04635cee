import BookLibrary

/// A query that cannot be read is a usage error: one line naming the bad
/// term, exit 64, nothing else printed.
package enum QueryFailure {
    package static func reported<T>(_ context: CommandContext, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CurationError {
            context.error(context.describe(error))
            throw ExitCode(status: ExitCode.usage)
        }
    }
}

extension SearchScope {
    /// Hits are grouped under their books' titles.
    package var spansBooks: Bool {
        if case .book = self { return false }
        return true
    }
}
