/// Why an LZ4 block did not decompress to the length it was expected to have.
public enum LZ4Error: Error, Equatable, CustomStringConvertible {
    /// Not an LZ4 block, or one that would write past the expected length.
    case damaged
    /// It decompresses to fewer bytes than expected.
    case shorterThanExpected

    public var description: String {
        switch self {
        case .damaged: "damaged LZ4 data"
        case .shorterThanExpected: "fewer bytes than expected"
        }
    }
}
