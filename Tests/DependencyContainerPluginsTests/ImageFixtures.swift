@testable import DependencyContainerPlugins

/// Appends `value`'s `width` low bytes to `bytes`, little-endian unless `bigEndian`.
func append(_ value: UInt64, width: Int, to bytes: inout [UInt8], bigEndian: Bool = false) {
    let little = (0..<width).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    bytes += bigEndian ? little.reversed() : little
}

/// The smallest ELF shared object the checks accept: a header, two program headers (one
/// `PT_LOAD` covering the file, one `PT_DYNAMIC` with a lone `DT_NULL`), and that entry.
struct MinimalELF {
    var programHeaderOffset: UInt64 = 64
    var loadOffset: UInt64 = 0
    var loadFileSize: UInt64?
    var hasDynamic = true

    var bytes: [UInt8] {
        let size: UInt64 = 64 + 2 * 56 + 16
        var bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1] + [UInt8](repeating: 0, count: 9)
        append(3, width: 2, to: &bytes)  // ET_DYN
        append(62, width: 2, to: &bytes)  // x86-64
        append(1, width: 4, to: &bytes)
        append(0, width: 8, to: &bytes)  // entry
        append(programHeaderOffset, width: 8, to: &bytes)
        append(0, width: 8, to: &bytes)  // section headers
        append(0, width: 4, to: &bytes)
        append(64, width: 2, to: &bytes)
        append(56, width: 2, to: &bytes)
        append(2, width: 2, to: &bytes)
        append(64, width: 2, to: &bytes)
        append(0, width: 2, to: &bytes)
        append(0, width: 2, to: &bytes)
        let fileSize = loadFileSize ?? size
        segment(
            type: 1, offset: loadOffset, address: 0, size: fileSize, memory: max(fileSize, size), to: &bytes)
        segment(
            type: hasDynamic ? 2 : 4, offset: 64 + 112, address: 64 + 112, size: 16, memory: 16, to: &bytes)
        bytes += [UInt8](repeating: 0, count: 16)
        return bytes
    }

    private func segment(
        type: UInt64, offset: UInt64, address: UInt64, size: UInt64, memory: UInt64, to bytes: inout [UInt8]
    ) {
        append(type, width: 4, to: &bytes)
        append(4, width: 4, to: &bytes)
        append(offset, width: 8, to: &bytes)
        append(address, width: 8, to: &bytes)
        append(address, width: 8, to: &bytes)
        append(size, width: 8, to: &bytes)
        append(memory, width: 8, to: &bytes)
        append(0x1000, width: 8, to: &bytes)
    }
}

/// A Mach-O x86_64 dynamic library of two segments, `__TEXT` and `__DATA`, in 0x2000 bytes.
struct MinimalMachO {
    var dataFileSize: UInt64 = 0x1000

    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        append(0xFEED_FACF, width: 4, to: &bytes)
        append(UInt64(MachOImage.cpuTypeAMD64), width: 4, to: &bytes)
        append(3, width: 4, to: &bytes)
        append(6, width: 4, to: &bytes)  // MH_DYLIB
        append(2, width: 4, to: &bytes)
        append(2 * 72, width: 4, to: &bytes)
        append(0, width: 4, to: &bytes)
        append(0, width: 4, to: &bytes)
        segment("__TEXT", offset: 0, size: 0x1000, to: &bytes)
        segment("__DATA", offset: 0x1000, size: dataFileSize, to: &bytes)
        bytes += [UInt8](repeating: 0, count: 0x2000 - bytes.count)
        return bytes
    }

    private func segment(_ name: String, offset: UInt64, size: UInt64, to bytes: inout [UInt8]) {
        append(0x19, width: 4, to: &bytes)
        append(72, width: 4, to: &bytes)
        bytes += Array(name.utf8) + [UInt8](repeating: 0, count: 16 - name.utf8.count)
        append(offset, width: 8, to: &bytes)  // vmaddr
        append(size, width: 8, to: &bytes)  // vmsize
        append(offset, width: 8, to: &bytes)  // fileoff
        append(size, width: 8, to: &bytes)  // filesize
        append(7, width: 4, to: &bytes)
        append(7, width: 4, to: &bytes)
        append(0, width: 4, to: &bytes)
        append(0, width: 4, to: &bytes)
    }

    /// A universal file of `slices`, each at a 0x1000-byte boundary.
    static func fat(slices: [(cpuType: UInt32, bytes: [UInt8])]) -> [UInt8] {
        var header: [UInt8] = []
        append(0xCAFE_BABE, width: 4, to: &header, bigEndian: true)
        append(UInt64(slices.count), width: 4, to: &header, bigEndian: true)
        var offset: UInt64 = 0x1000
        var body: [UInt8] = []
        for slice in slices {
            append(UInt64(slice.cpuType), width: 4, to: &header, bigEndian: true)
            append(3, width: 4, to: &header, bigEndian: true)
            append(offset, width: 4, to: &header, bigEndian: true)
            append(UInt64(slice.bytes.count), width: 4, to: &header, bigEndian: true)
            append(12, width: 4, to: &header, bigEndian: true)
            body += slice.bytes
            offset += UInt64(slice.bytes.count)
        }
        return header + [UInt8](repeating: 0, count: 0x1000 - header.count) + body
    }
}
