/// The size of one stamp page, rounded so pages that differ by rounding
/// noise share a stamp.
struct StampSize: Hashable {
    let width: Double, height: Double

    init(width: Double, height: Double) {
        self.width = (width * 100).rounded() / 100
        self.height = (height * 100).rounded() / 100
    }
}
