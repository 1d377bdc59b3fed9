import Foundation
import Testing

@testable import DependencyContainerPlugins

@Suite("Library image checks: whole libraries pass, cut or malformed ones are refused with the reason")
struct LibraryImageValidatorTests {
    private let elf = LibraryImageValidator.Format.elf(machine: ELFImage.machineAMD64)
    private let macX86 = LibraryImageValidator.Format.machO(cpuType: MachOImage.cpuTypeAMD64)

    private func reason(_ result: Result<LibraryImageValidator.Image, ImageProblem>) -> String? {
        if case .failure(let problem) = result { return problem.reason }
        return nil
    }

    /// A real library built by the toolchain, for the platform this test runs on.
    private func builtLibrary(_ builder: NativeLibraryBuilder) throws -> [UInt8] {
        let path = try builder.buildLibrary(
            named: "Whole", source: NativePluginSource.working(named: "Whole"))
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    @Test("Numbers in reasons have thousands separators")
    func grouping() {
        #expect(grouped(0) == "0")
        #expect(grouped(999) == "999")
        #expect(grouped(4_860) == "4,860")
        #expect(grouped(41_208) == "41,208")
        #expect(grouped(1_000_000) == "1,000,000")
    }

    @Test(
        "A whole library passes; cut anywhere, it is refused with the first structure past the end",
        .enabled(if: LibraryImageValidator.Format.host != nil, "the checks know no format for this host"))
    func truncatedHostLibrary() throws {
        let format = try #require(LibraryImageValidator.Format.host)
        let builder = try NativeLibraryBuilder()
        defer { builder.remove() }
        let bytes = try builtLibrary(builder)
        #expect(throws: Never.self) {
            try LibraryImageValidator.validate(ImageBytes(bytes), as: format).get()
        }
        for percent in [1, 2, 5, 10, 30, 50, 90, 99] {
            let cut = Array(bytes.prefix(bytes.count * percent / 100))
            let found = reason(LibraryImageValidator.validate(ImageBytes(cut), as: format))
            let message = try #require(found, "cut to \(percent)% (\(cut.count) bytes) passed")
            #expect(
                message.contains("past the end of the \(grouped(UInt64(cut.count)))-byte file"), "\(message)")
        }
        // One byte short: what ends the file (ELF's section header table, Mach-O's
        // __LINKEDIT segment) now ends one byte past it.
        let short = reason(LibraryImageValidator.validate(ImageBytes(Array(bytes.dropLast())), as: format))
        #expect(
            short?.contains("ends at byte \(grouped(UInt64(bytes.count)))") == true, "\(short ?? "passed")")
    }

    @Test("ELF headers for another class, byte order, type or machine are refused, naming what they are")
    func foreignELF() throws {
        var header = [UInt8](repeating: 0, count: 64)
        header[0...3] = [0x7F, 0x45, 0x4C, 0x46]
        header[4] = 2
        header[5] = 1
        header[6] = 1
        header[16] = 3
        header[18] = 183  // AArch64
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes(header), as: elf))?.contains("AArch64") == true)
        header[18] = 62
        #expect(reason(LibraryImageValidator.validate(ImageBytes(header), as: elf)) == "no program headers")
        header[16] = 2  // ET_EXEC
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes(header), as: elf))?.contains("type 2") == true)
        header[4] = 1
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes(header), as: elf))?.contains("32-bit") == true)
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes(Array("just text\n".utf8)), as: elf))?.contains(
                "not an ELF file") == true)
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes([0x7F, 0x45, 0x4C, 0x46, 2]), as: elf)) != nil)
        #expect(reason(LibraryImageValidator.validate(ImageBytes([]), as: elf)) != nil)
    }

    @Test("A program header table or segment that ends past the file is refused with both numbers")
    func elfSegmentsPastEnd() throws {
        var file = MinimalELF()
        #expect(reason(LibraryImageValidator.validate(ImageBytes(file.bytes), as: elf)) == nil)
        file.loadFileSize = 41_208 - 0x40
        file.loadOffset = 0x40
        let size = file.bytes.count
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes(file.bytes), as: elf))
                == "segment 0 ends at byte 41,208, past the end of the \(grouped(UInt64(size)))-byte file")
        file = MinimalELF()
        file.loadOffset = .max
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes(file.bytes), as: elf))?.contains("2^64") == true)
        file = MinimalELF()
        file.hasDynamic = false
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes(file.bytes), as: elf))
                == "no dynamic section (PT_DYNAMIC)")
        file = MinimalELF()
        file.programHeaderOffset = 0xFFFF_FFF0
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes(file.bytes), as: elf))?.hasPrefix(
                "the program header table ends at byte") == true)
    }

    @Test("A Mach-O library passes whole; a segment past the end, or another CPU, is refused")
    func machO() {
        let whole = MinimalMachO().bytes
        #expect(reason(LibraryImageValidator.validate(ImageBytes(whole), as: macX86)) == nil)
        var cut = MinimalMachO()
        cut.dataFileSize = 41_208 - 0x1000
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes(cut.bytes), as: macX86))
                == "segment 1 (__DATA) ends at byte 41,208, past the end of the \(grouped(UInt64(cut.bytes.count)))-byte file"
        )
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes(Array(whole.prefix(20))), as: macX86))
                == "the file is too short for a Mach-O header")
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes(Array(whole.prefix(100))), as: macX86))
                == "the load commands end at byte 176, past the end of the 100-byte file")
        let arm = LibraryImageValidator.Format.machO(cpuType: MachOImage.cpuTypeARM64)
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes(whole), as: arm))
                == "built for x86_64; this process runs on arm64")
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes(Array("just text".utf8)), as: macX86))?.contains(
                "not a Mach-O file") == true)
    }

    @Test("A fat file is checked by slice: the process's slice is validated, a missing one named")
    func fatMachO() {
        let slice = MinimalMachO().bytes
        let fat = MinimalMachO.fat(slices: [
            (MachOImage.cpuTypeARM64, slice), (MachOImage.cpuTypeAMD64, slice),
        ])
        #expect(reason(LibraryImageValidator.validate(ImageBytes(fat), as: macX86)) == nil)
        let other = LibraryImageValidator.Format.machO(cpuType: 7)
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes(fat), as: other))
                == "no slice for i386 in the fat file (it has arm64, x86_64)")
        let cutFat = Array(fat.dropLast(100))
        #expect(
            reason(LibraryImageValidator.validate(ImageBytes(cutFat), as: macX86))?.hasPrefix(
                "slice 1 (x86_64) ends at byte")
                == true)
        // Found by the header fuzzer: a header claiming many slices named them all.
        let crowded = MinimalMachO.fat(slices: Array(repeating: (UInt32(0), []), count: 40))
        let crowdedReason = reason(LibraryImageValidator.validate(ImageBytes(crowded), as: macX86))
        #expect(crowdedReason?.hasSuffix("and 36 more)") == true, "\(crowdedReason ?? "passed")")
        #expect((crowdedReason?.utf8.count ?? 0) < 200)
        var broken = MinimalMachO()
        broken.dataFileSize = 0x10_0000
        let withBrokenSlice = MinimalMachO.fat(slices: [(MachOImage.cpuTypeAMD64, broken.bytes)])
        let found = reason(LibraryImageValidator.validate(ImageBytes(withBrokenSlice), as: macX86))
        #expect(
            found?.hasPrefix("segment 1 (__DATA) of slice 0 (x86_64) ends at byte") == true,
            "\(found ?? "passed")")
    }
}
