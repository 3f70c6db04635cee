/// Why a zlib stream did not inflate to the length it was expected to have.
public enum InflateError: Error, Equatable, CustomStringConvertible {
    /// Not a zlib stream, or one whose checksum does not match what it holds.
    case damaged
    /// It inflates to fewer bytes than expected.
    case shorterThanExpected
    /// It inflates to more bytes than expected.
    case longerThanExpected

    public var description: String {
        switch self {
        case .damaged: "damaged deflate data"
        case .shorterThanExpected: "fewer bytes than expected"
        case .longerThanExpected: "more bytes than expected"
        }
    }
}
