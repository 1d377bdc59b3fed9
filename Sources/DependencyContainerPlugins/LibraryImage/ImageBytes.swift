/// A library file's bytes, as the image checks read them: any range can be asked for, and a
/// range past the end of the file is an answer (`nil`), never a crash.
///
/// The loader reads from the descriptor it checked (`pread`), tests and the fuzzer from an
/// array; the checks themselves see only this type, so they are pure: bytes in, verdict out.
struct ImageBytes {
    /// The file's size in bytes.
    let count: Int

    private let fetch: (_ offset: Int, _ count: Int) -> [UInt8]?

    /// Bytes read by `fetch`, which is asked only for ranges within the first `count` bytes
    /// and may still fail (a read error, a file that shrank).
    init(count: Int, fetch: @escaping (_ offset: Int, _ count: Int) -> [UInt8]?) {
        self.count = max(0, count)
        self.fetch = fetch
    }

    /// The bytes of `array`.
    init(_ array: [UInt8]) {
        self.init(count: array.count) { offset, count in Array(array[offset..<offset + count]) }
    }

    /// The `count` bytes at `offset`, or `nil` if any of them lies outside the file.
    func read(at offset: UInt64, count: UInt64) -> [UInt8]? {
        guard let end = Self.end(offset, count), end <= UInt64(self.count) else { return nil }
        guard count > 0 else { return [] }
        guard let bytes = fetch(Int(offset), Int(count)), bytes.count == Int(count) else { return nil }
        return bytes
    }

    /// `offset + count`, or `nil` if the sum does not fit in 64 bits.
    static func end(_ offset: UInt64, _ count: UInt64) -> UInt64? {
        let (sum, overflow) = offset.addingReportingOverflow(count)
        return overflow ? nil : sum
    }
}

/// Fixed-width integers read from a byte array in a given byte order.
///
/// Reads past the end answer 0: callers read only ranges they sized the array for, so this is
/// a last line of defence against a miscount, not a way to detect short input.
struct ByteView {
    let bytes: [UInt8]
    let isLittleEndian: Bool

    func unsigned(at offset: Int, width: Int) -> UInt64 {
        guard offset >= 0, width > 0, offset <= bytes.count - width else { return 0 }
        var value: UInt64 = 0
        for index in 0..<width {
            let byte = UInt64(bytes[offset + (isLittleEndian ? width - 1 - index : index)])
            value = value << 8 | byte
        }
        return value
    }

    func u16(_ offset: Int) -> UInt64 { unsigned(at: offset, width: 2) }
    func u32(_ offset: Int) -> UInt64 { unsigned(at: offset, width: 4) }
    func u64(_ offset: Int) -> UInt64 { unsigned(at: offset, width: 8) }
}

/// Why a file is not a library this process can map, as a phrase for
/// ``PluginLoadError/notALoadableLibrary(path:detail:)``.
struct ImageProblem: Error, Equatable {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }

    /// A structure that ends past the file, as in "segment 2 ends at byte 41,208, past the
    /// end of the 4,860-byte file".
    static func pastEnd(_ what: String, end: UInt64?, fileSize: Int, plural: Bool = false) -> ImageProblem {
        let verb = plural ? "end" : "ends"
        let ending = end.map { "\(verb) at byte \(grouped($0))" } ?? "\(verb) past byte 2^64"
        return ImageProblem("\(what) \(ending), past the end of the \(grouped(UInt64(fileSize)))-byte file")
    }
}

/// `n` with a comma between each group of three digits, as in "41,208".
func grouped(_ number: UInt64) -> String {
    let digits = Array(String(number))
    var result = ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
        result.append(digit)
    }
    return result
}
