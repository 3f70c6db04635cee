/// Zips written byte by byte (entries stored, not deflated), with declared sizes that may lie:
/// the hostile archives a test needs cannot come from a well-behaved zip tool.
struct TestZip {
    struct Entry {
        var name: String
        var data: [UInt8]
        /// What the central directory claims, when it should lie.
        var declaredCompressed: UInt32?
        var declaredUncompressed: UInt32?

        init(_ name: String, _ data: [UInt8], declaredCompressed: UInt32? = nil, declaredUncompressed: UInt32? = nil) {
            self.name = name
            self.data = data
            self.declaredCompressed = declaredCompressed
            self.declaredUncompressed = declaredUncompressed
        }

        init(_ name: String, _ text: String) {
            self.init(name, Array(text.utf8))
        }
    }

    static func make(_ entries: [Entry]) -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        func u16(_ value: Int, _ into: inout [UInt8]) { into += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func u32(_ value: UInt32, _ into: inout [UInt8]) {
            into += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
        }
        for entry in entries {
            let name = Array(entry.name.utf8)
            let crc = crc32(entry.data)
            let offset = UInt32(out.count)
            u32(0x0403_4B50, &out)
            u16(20, &out); u16(0, &out); u16(0, &out); u16(0, &out); u16(0x21, &out)
            u32(crc, &out); u32(UInt32(entry.data.count), &out); u32(UInt32(entry.data.count), &out)
            u16(name.count, &out); u16(0, &out)
            out += name
            out += entry.data
            u32(0x0201_4B50, &central)
            u16(20, &central); u16(20, &central); u16(0, &central); u16(0, &central); u16(0, &central); u16(0x21, &central)
            u32(crc, &central)
            u32(entry.declaredCompressed ?? UInt32(entry.data.count), &central)
            u32(entry.declaredUncompressed ?? UInt32(entry.data.count), &central)
            u16(name.count, &central); u16(0, &central); u16(0, &central); u16(0, &central); u16(0, &central)
            u32(0, &central); u32(offset, &central)
            central += name
        }
        let centralOffset = UInt32(out.count)
        out += central
        u32(0x0605_4B50, &out)
        u16(0, &out); u16(0, &out); u16(min(entries.count, 0xFFFF), &out); u16(min(entries.count, 0xFFFF), &out)
        u32(UInt32(central.count), &out); u32(centralOffset, &out); u16(0, &out)
        return out
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
