/// How far an upgrade of an existing library has got, for a progress line:
/// re-indexing a big library's pages takes a while.
public struct UpgradeProgress: Sendable, Equatable {
    /// The migration being applied.
    public var step: String
    public var done: Int
    public var total: Int

    package init(step: String, done: Int, total: Int) {
        self.step = step
        self.done = done
        self.total = total
    }
}
