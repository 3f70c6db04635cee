/// What a one-word search decided about each ASCII word it met, by the
/// word's bytes taken lowercase: a page of a common word's book asks about
/// hundreds of words, nearly all met before, and a String made and hashed
/// for each cost more than the search of the page. Open addressing over one
/// buffer of keys; the lowercase String is made only for a word not met yet.
package struct WordVerdicts {
    private struct Slot {
        var offset: Int32 = 0
        var length: Int32 = -1
        var hash: UInt32 = 0
        var verdict = false
    }

    /// Past this many words the table starts again, so a long search keeps its memory bounded.
    package static let limit = 100_000

    private var keys: [UInt8] = []
    private var slots = [Slot](repeating: Slot(), count: 1024)
    private var count = 0

    /// The verdict on `bytes[range]` (ASCII), lowercase; `decide` gives it,
    /// from the lowercase word, the first time the word is met.
    package mutating func verdict(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, decide: (String) -> Bool) -> Bool {
        if count >= Self.limit { self = WordVerdicts() }
        var hash: UInt32 = 2_166_136_261
        for position in range {
            hash = (hash ^ UInt32(Self.lowercase(bytes[position]))) &* 16_777_619
        }
        let mask = slots.count - 1
        var index = Int(hash) & mask
        while slots[index].length >= 0 {
            if slots[index].hash == hash, Int(slots[index].length) == range.count, sameKey(slots[index], bytes, range) {
                return slots[index].verdict
            }
            index = (index + 1) & mask
        }
        let word = String(unsafeUninitializedCapacity: range.count) { buffer in
            for offset in 0..<range.count { buffer[offset] = Self.lowercase(bytes[range.lowerBound + offset]) }
            return range.count
        }
        let verdict = decide(word)
        slots[index] = Slot(offset: Int32(keys.count), length: Int32(range.count), hash: hash, verdict: verdict)
        keys.append(contentsOf: word.utf8)
        count += 1
        if count * 2 > slots.count { grow() }
        return verdict
    }

    private func sameKey(_ slot: Slot, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let offset = Int(slot.offset)
        for index in 0..<range.count where keys[offset + index] != Self.lowercase(bytes[range.lowerBound + index]) {
            return false
        }
        return true
    }

    private mutating func grow() {
        var larger = [Slot](repeating: Slot(), count: slots.count * 2)
        let mask = larger.count - 1
        for slot in slots where slot.length >= 0 {
            var index = Int(slot.hash) & mask
            while larger[index].length >= 0 { index = (index + 1) & mask }
            larger[index] = slot
        }
        slots = larger
    }

    private static func lowercase(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
}
