/// The checks of a 64-bit little-endian ELF shared object; see ``LibraryImageValidator``.
///
/// Layouts from the System V ABI's "Object Files" chapter (`<elf.h>`): the 64-byte file
/// header, 56-byte program headers and 16-byte dynamic entries.
enum ELFImage {
    static let machineAMD64: UInt16 = 62
    static let machineAArch64: UInt16 = 183

    private static let headerSize: UInt64 = 64
    private static let programHeaderSize: UInt64 = 56
    private static let dynamicEntrySize: UInt64 = 16
    /// More dynamic entries than any real library has; a larger section is read only this far.
    private static let maximumDynamicEntries: UInt64 = 4096
    /// The longest library name or run path read from the string table.
    private static let maximumStringLength: UInt64 = 4096

    private static let loadSegment: UInt64 = 1  // PT_LOAD
    private static let dynamicSegment: UInt64 = 2  // PT_DYNAMIC

    private static func machineName(_ machine: UInt64) -> String {
        switch machine {
        case UInt64(machineAMD64): "x86-64"
        case UInt64(machineAArch64): "AArch64"
        case 3: "i386"
        case 40: "ARM"
        default: "machine \(machine)"
        }
    }

    /// One program header's fields that the checks use.
    private struct Segment {
        let index: Int
        let type: UInt64
        let offset: UInt64
        let address: UInt64
        let fileSize: UInt64
        let memorySize: UInt64
    }

    static func validate(_ bytes: ImageBytes, machine: UInt16) -> Result<
        LibraryImageValidator.Image, ImageProblem
    > {
        Result { try check(bytes, machine: machine) }.mapError {
            $0 as? ImageProblem ?? ImageProblem("\($0)")
        }
    }

    private static func check(_ bytes: ImageBytes, machine: UInt16) throws -> LibraryImageValidator.Image {
        guard let ident = bytes.read(at: 0, count: 4), ident == [0x7F, 0x45, 0x4C, 0x46] else {
            throw ImageProblem("not an ELF file: it does not start with the ELF magic number")
        }
        guard let raw = bytes.read(at: 0, count: headerSize) else {
            throw ImageProblem("the \(grouped(UInt64(bytes.count)))-byte file is too short for an ELF header")
        }
        let header = ByteView(bytes: raw, isLittleEndian: true)
        guard raw[4] == 2 else {
            throw ImageProblem("a \(raw[4] == 1 ? "32-bit" : "malformed") ELF file; this process is 64-bit")
        }
        guard raw[5] == 1 else { throw ImageProblem("a big-endian ELF file; this process is little-endian") }
        guard raw[6] == 1 else { throw ImageProblem("ELF version \(raw[6]), expected 1") }
        guard header.u16(16) == 3 else {
            throw ImageProblem("an ELF file of type \(header.u16(16)), not a shared object (type 3)")
        }
        guard header.u16(18) == UInt64(machine) else {
            throw ImageProblem(
                "built for \(machineName(header.u16(18))); this process runs on \(machineName(UInt64(machine)))"
            )
        }
        // Nothing loads section headers, but they end a whole file: a file cut anywhere after
        // its loadable segments loses them.
        let sectionTable = header.u64(40)
        let sectionTableSize = header.u16(58) * header.u16(60)
        if sectionTable != 0 {
            let end = ImageBytes.end(sectionTable, sectionTableSize)
            guard let end, end <= UInt64(bytes.count) else {
                throw ImageProblem.pastEnd("the section header table", end: end, fileSize: bytes.count)
            }
        }
        let segments = try programHeaders(bytes, header: header)
        let loads = segments.filter { $0.type == loadSegment }
        guard !loads.isEmpty else { throw ImageProblem("no loadable segment (PT_LOAD)") }
        for segment in loads {
            let end = ImageBytes.end(segment.offset, segment.fileSize)
            guard let end, end <= UInt64(bytes.count) else {
                throw ImageProblem.pastEnd("segment \(segment.index)", end: end, fileSize: bytes.count)
            }
            guard segment.fileSize <= segment.memorySize else {
                throw ImageProblem(
                    "segment \(segment.index) has \(grouped(segment.fileSize)) bytes in the file but "
                        + "\(grouped(segment.memorySize)) in memory")
            }
        }
        let dynamics = segments.filter { $0.type == dynamicSegment }
        guard let dynamic = dynamics.first else { throw ImageProblem("no dynamic section (PT_DYNAMIC)") }
        guard dynamics.count == 1 else {
            throw ImageProblem("\(dynamics.count) dynamic sections (PT_DYNAMIC)")
        }
        let dynamicEnd = ImageBytes.end(dynamic.offset, dynamic.fileSize)
        guard let dynamicEnd, dynamicEnd <= UInt64(bytes.count) else {
            throw ImageProblem.pastEnd(
                "the dynamic section (segment \(dynamic.index))", end: dynamicEnd, fileSize: bytes.count)
        }
        // The dynamic loader reads the section where it is mapped, not from the file.
        guard fileOffset(ofAddress: dynamic.address, count: dynamic.fileSize, in: loads) != nil else {
            throw ImageProblem(
                "the dynamic section (segment \(dynamic.index)) lies outside the loadable segments' file bytes"
            )
        }
        return try dynamicInfo(bytes, dynamic: dynamic, loads: loads)
    }

    private static func programHeaders(_ bytes: ImageBytes, header: ByteView) throws -> [Segment] {
        let offset = header.u64(32)
        let entrySize = header.u16(54)
        let count = header.u16(56)
        guard count > 0 else { throw ImageProblem("no program headers") }
        guard entrySize == programHeaderSize else {
            throw ImageProblem("program headers of \(entrySize) bytes, expected \(programHeaderSize)")
        }
        let tableSize = count * programHeaderSize
        guard let raw = bytes.read(at: offset, count: tableSize) else {
            throw ImageProblem.pastEnd(
                "the program header table", end: ImageBytes.end(offset, tableSize), fileSize: bytes.count)
        }
        let table = ByteView(bytes: raw, isLittleEndian: true)
        return (0..<Int(count)).map { index in
            let base = index * Int(programHeaderSize)
            return Segment(
                index: index, type: table.u32(base), offset: table.u64(base + 8),
                address: table.u64(base + 16),
                fileSize: table.u64(base + 32), memorySize: table.u64(base + 40))
        }
    }

    /// Where the `count` bytes at virtual address `address` are in the file, if one loadable
    /// segment's file bytes hold them all.
    private static func fileOffset(ofAddress address: UInt64, count: UInt64, in loads: [Segment]) -> UInt64? {
        for segment in loads where address >= segment.address {
            let start = address - segment.address
            guard let end = ImageBytes.end(start, count), end <= segment.fileSize else { continue }
            return segment.offset + start
        }
        return nil
    }

    private static func dynamicInfo(_ bytes: ImageBytes, dynamic: Segment, loads: [Segment]) throws
        -> LibraryImageValidator.Image
    {
        let entryCount = min(dynamic.fileSize / dynamicEntrySize, maximumDynamicEntries)
        guard let raw = bytes.read(at: dynamic.offset, count: entryCount * dynamicEntrySize) else {
            throw ImageProblem("the dynamic section cannot be read")
        }
        let entries = ByteView(bytes: raw, isLittleEndian: true)
        var needed: [UInt64] = []
        var strings: (table: UInt64?, size: UInt64?) = (nil, nil)
        var runPath: UInt64?
        var rPath: UInt64?
        var soname: UInt64?
        for index in 0..<Int(entryCount) {
            let tag = entries.u64(index * 16)
            let value = entries.u64(index * 16 + 8)
            switch tag {
            case 0: break  // DT_NULL ends the section; the loop stops below.
            case 1: needed.append(value)
            case 5: strings.table = value
            case 10: strings.size = value
            case 14: soname = value
            case 15: rPath = value
            case 29: runPath = value
            default: continue
            }
            if tag == 0 { break }
        }
        let names = needed + [runPath ?? rPath, soname].compactMap { $0 }
        guard !names.isEmpty else { return LibraryImageValidator.Image() }
        guard let tableAddress = strings.table, let tableSize = strings.size else {
            throw ImageProblem("the dynamic section names libraries but has no string table")
        }
        guard let tableOffset = fileOffset(ofAddress: tableAddress, count: tableSize, in: loads) else {
            throw ImageProblem("the dynamic string table lies outside the loadable segments' file bytes")
        }
        func string(at index: UInt64) throws -> String {
            guard index < tableSize else {
                throw ImageProblem("a dynamic entry names string \(index), past the string table's end")
            }
            let length = min(tableSize - index, maximumStringLength)
            guard let raw = bytes.read(at: tableOffset + index, count: length),
                let terminator = raw.firstIndex(of: 0)
            else {
                throw ImageProblem("the string at \(index) in the dynamic string table is not terminated")
            }
            return String(decoding: raw[..<terminator], as: UTF8.self)
        }
        var image = LibraryImageValidator.Image()
        image.neededLibraries = try needed.map(string(at:))
        if let path = runPath ?? rPath {
            image.runPaths = try string(at: path).split(separator: ":").map(String.init)
        }
        image.sharedObjectName = try soname.map(string(at:))
        return image
    }
}
