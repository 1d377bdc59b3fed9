/// The checks of a 64-bit Mach-O dynamic library, alone or in a universal (fat) file; see
/// ``LibraryImageValidator``.
///
/// Layouts from `<mach-o/loader.h>` and `<mach-o/fat.h>`: the 32-byte `mach_header_64`, load
/// commands of `cmdsize` bytes, `segment_command_64`, and the big-endian fat header with
/// 20-byte `fat_arch` or 32-byte `fat_arch_64` entries. Kept free of Darwin's headers so
/// that the checks run, and are tested, on every platform.
enum MachOImage {
    static let cpuTypeAMD64: UInt32 = 0x0100_0007
    static let cpuTypeARM64: UInt32 = 0x0100_000C

    private static let magic64: UInt64 = 0xFEED_FACF
    private static let magic32: UInt64 = 0xFEED_FACE
    private static let fatMagic: UInt64 = 0xCAFE_BABE
    private static let fatMagic64: UInt64 = 0xCAFE_BABF
    private static let headerSize: UInt64 = 32
    private static let segmentCommand64: UInt64 = 0x19  // LC_SEGMENT_64
    private static let segmentCommandSize = 72
    /// More slices than any universal file has.
    private static let maximumSlices: UInt64 = 64

    private static func cpuName(_ cpuType: UInt64) -> String {
        switch cpuType {
        case UInt64(cpuTypeAMD64): "x86_64"
        case UInt64(cpuTypeARM64): "arm64"
        case 7: "i386"
        case 12: "arm"
        default: "CPU type \(cpuType)"
        }
    }

    static func validate(_ bytes: ImageBytes, cpuType: UInt32) -> Result<Void, ImageProblem> {
        Result { try check(bytes, cpuType: cpuType) }.mapError {
            $0 as? ImageProblem ?? ImageProblem("\($0)")
        }
    }

    private static func check(_ bytes: ImageBytes, cpuType: UInt32) throws {
        guard let raw = bytes.read(at: 0, count: 4) else {
            throw ImageProblem(
                "the \(grouped(UInt64(bytes.count)))-byte file is too short for a Mach-O header")
        }
        let big = ByteView(bytes: raw, isLittleEndian: false).u32(0)
        let little = ByteView(bytes: raw, isLittleEndian: true).u32(0)
        if big == fatMagic || big == fatMagic64 {
            try checkFat(bytes, is64: big == fatMagic64, cpuType: cpuType)
        } else if little == magic64 {
            try checkSlice(bytes, start: 0, size: UInt64(bytes.count), cpuType: cpuType, name: "the file")
        } else if little == magic32 {
            throw ImageProblem("a 32-bit Mach-O file; this process is 64-bit")
        } else if big == magic64 || big == magic32 {
            throw ImageProblem("a big-endian Mach-O file; this process is little-endian")
        } else {
            throw ImageProblem("not a Mach-O file: it does not start with a Mach-O magic number")
        }
    }

    private static func checkFat(_ bytes: ImageBytes, is64: Bool, cpuType: UInt32) throws {
        guard let raw = bytes.read(at: 0, count: 8) else {
            throw ImageProblem("the \(grouped(UInt64(bytes.count)))-byte file is too short for a fat header")
        }
        let count = ByteView(bytes: raw, isLittleEndian: false).u32(4)
        guard count > 0, count <= maximumSlices else { throw ImageProblem("a fat file with \(count) slices") }
        let entrySize: UInt64 = is64 ? 32 : 20
        guard let table = bytes.read(at: 8, count: count * entrySize) else {
            throw ImageProblem.pastEnd(
                "the fat header's slice table", end: 8 + count * entrySize, fileSize: bytes.count)
        }
        let view = ByteView(bytes: table, isLittleEndian: false)
        var chosen: (start: UInt64, size: UInt64, index: Int)?
        var found: [String] = []
        for index in 0..<Int(count) {
            let base = index * Int(entrySize)
            let sliceType = view.u32(base)
            let start = is64 ? view.u64(base + 8) : view.u32(base + 8)
            let size = is64 ? view.u64(base + 16) : view.u32(base + 12)
            let end = ImageBytes.end(start, size)
            guard let end, end <= UInt64(bytes.count) else {
                throw ImageProblem.pastEnd(
                    "slice \(index) (\(cpuName(sliceType)))", end: end, fileSize: bytes.count)
            }
            found.append(cpuName(sliceType))
            if sliceType == UInt64(cpuType), chosen == nil { chosen = (start, size, index) }
        }
        guard let chosen else {
            // A fat header may claim thousands of slices: name a few, so the reason stays one line.
            let shown = found.prefix(4).joined(separator: ", ")
            let more = found.count > 4 ? " and \(found.count - 4) more" : ""
            throw ImageProblem(
                "no slice for \(cpuName(UInt64(cpuType))) in the fat file (it has \(shown)\(more))")
        }
        try checkSlice(
            bytes, start: chosen.start, size: chosen.size, cpuType: cpuType,
            name: "slice \(chosen.index) (\(cpuName(UInt64(cpuType))))")
    }

    /// Checks the Mach-O image of `size` bytes at `start`; segment offsets count from `start`.
    private static func checkSlice(
        _ bytes: ImageBytes, start: UInt64, size: UInt64, cpuType: UInt32, name: String
    )
        throws
    {
        guard size >= headerSize, let raw = bytes.read(at: start, count: headerSize) else {
            throw ImageProblem("\(name) is too short for a Mach-O header")
        }
        let header = ByteView(bytes: raw, isLittleEndian: true)
        guard header.u32(0) == magic64 else { throw ImageProblem("\(name) is no 64-bit Mach-O image") }
        guard header.u32(4) == UInt64(cpuType) else {
            throw ImageProblem(
                "built for \(cpuName(header.u32(4))); this process runs on \(cpuName(UInt64(cpuType)))")
        }
        let fileType = header.u32(12)
        guard fileType == 6 || fileType == 8 else {  // MH_DYLIB, MH_BUNDLE
            throw ImageProblem("a Mach-O file of type \(fileType), not a dynamic library (6) or bundle (8)")
        }
        let commandCount = header.u32(16)
        let commandsSize = header.u32(20)
        guard headerSize + commandsSize <= size,
            let commands = bytes.read(at: start + headerSize, count: commandsSize)
        else {
            throw ImageProblem.pastEnd(
                "the load commands", end: start + headerSize + commandsSize, fileSize: bytes.count,
                plural: true)
        }
        let view = ByteView(bytes: commands, isLittleEndian: true)
        var cursor = 0
        var segments = 0
        for index in 0..<Int(commandCount) {
            let command = view.u32(cursor)
            let commandSize = Int(view.u32(cursor + 4))
            guard commandSize >= 8, commandSize % 8 == 0, cursor + commandSize <= commands.count else {
                throw ImageProblem("load command \(index) (\(commandSize) bytes) overruns the load commands")
            }
            if command == segmentCommand64 {
                guard commandSize >= segmentCommandSize else {
                    throw ImageProblem("load command \(index) is too short for a segment")
                }
                let nameBytes = commands[(cursor + 8)..<(cursor + 24)].prefix { $0 != 0 }
                let segmentName = String(decoding: nameBytes, as: UTF8.self)
                let offset = view.u64(cursor + 40)
                let fileSize = view.u64(cursor + 48)
                let end = ImageBytes.end(offset, fileSize)
                guard let end, end <= size else {
                    let what = "segment \(segments) (\(segmentName))"
                    guard start != 0 else {
                        throw ImageProblem.pastEnd(what, end: end, fileSize: bytes.count)
                    }
                    let ending = end.map { "ends at byte \(grouped($0)) of it" } ?? "ends past byte 2^64"
                    throw ImageProblem("\(what) of \(name) \(ending), past its \(grouped(size)) bytes")
                }
                segments += 1
            }
            cursor += commandSize
        }
        guard segments > 0 else { throw ImageProblem("\(name) has no segment") }
    }
}
