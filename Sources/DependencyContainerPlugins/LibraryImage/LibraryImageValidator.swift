/// Checks, before `dlopen` maps anything, that a file is a whole library for this process.
///
/// The dynamic loader trusts the file's headers: a library cut short still names segments
/// past its end, and mapping those kills the process with `SIGBUS` on first touch. These
/// checks read the headers the loader will follow and refuse a file whose structure does
/// not fit in it, with the reason, such as "segment 2 ends at byte 41,208, past the end of
/// the 4,860-byte file". They are structural: a library that passes can still be wrong in
/// ways only running it shows, which is one reason plugins are trusted code.
///
/// Pure, bytes in and verdict out, so that both formats are tested (and fuzzed) on any
/// platform.
enum LibraryImageValidator {
    /// The kind of library a process can load.
    enum Format: Equatable {
        /// A 64-bit little-endian ELF shared object for the machine `machine` (`e_machine`).
        case elf(machine: UInt16)

        /// A 64-bit Mach-O dynamic library or bundle for the CPU type `cpuType`, alone or as
        /// a slice of a universal (fat) file.
        case machO(cpuType: UInt32)

        /// The format this process loads, or `nil` where the checks do not know it (32-bit
        /// or big-endian hosts), in which case libraries are left to the dynamic loader.
        static var host: Format? {
            #if !_endian(little) || !_pointerBitWidth(_64)
                return nil
            #elseif canImport(Darwin) && arch(x86_64)
                return .machO(cpuType: MachOImage.cpuTypeAMD64)
            #elseif canImport(Darwin) && arch(arm64)
                return .machO(cpuType: MachOImage.cpuTypeARM64)
            #elseif arch(x86_64)
                return .elf(machine: ELFImage.machineAMD64)
            #elseif arch(arm64)
                return .elf(machine: ELFImage.machineAArch64)
            #else
                return nil
            #endif
        }
    }

    /// What the checks learned about a library that passed them.
    struct Image: Equatable {
        /// The libraries it needs (ELF `DT_NEEDED`), in order.
        var neededLibraries: [String] = []

        /// Where it asks for them to be looked up (ELF `DT_RUNPATH`, or `DT_RPATH` without
        /// one), entries in order, `$ORIGIN` not expanded.
        var runPaths: [String] = []

        /// The name it calls itself by (ELF `DT_SONAME`), if any.
        var sharedObjectName: String?
    }

    /// Checks that `bytes` hold a whole library of `format`.
    ///
    /// - Returns: What the library needs, or why it cannot be loaded.
    static func validate(_ bytes: ImageBytes, as format: Format) -> Result<Image, ImageProblem> {
        switch format {
        case .elf(let machine):
            return ELFImage.validate(bytes, machine: machine)
        case .machO(let cpuType):
            return MachOImage.validate(bytes, cpuType: cpuType).map { Image() }
        }
    }
}
