import CLZ4

/// LZ4's safe decoder: it never reads or writes outside the buffers it is
/// given, whatever the input holds. It needs no state, so any thread may call it.
public enum LZ4Decompression {
    /// Decompresses the block `input` into `output`, which it must fill exactly.
    public static func block(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) throws(LZ4Error) {
        guard input.count <= Int(Int32.max), output.count <= Int(Int32.max),
              let source = input.baseAddress?.assumingMemoryBound(to: CChar.self)
        else { throw .damaged }
        guard let destination = output.baseAddress?.assumingMemoryBound(to: CChar.self) else {
            // Nothing to fill: only the empty block (its single token) fits.
            if input.count == 1 && input[0] == 0 { return }
            throw .damaged
        }
        let written = LZ4_decompress_safe(source, destination, Int32(input.count), Int32(output.count))
        guard written >= 0 else { throw .damaged }
        guard Int(written) == output.count else { throw .shorterThanExpected }
    }
}
