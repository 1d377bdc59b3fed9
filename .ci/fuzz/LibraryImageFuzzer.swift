// libFuzzer harness for the plugin loader's library image checks in
// Sources/DependencyContainerPlugins/LibraryImage, compiled into one module with them.
//
// The input is a library file's bytes, judged as each format the checks know (ELF for x86-64
// and AArch64, Mach-O for x86_64 and arm64, alone or fat). Checked:
// - nothing crashes or hangs, whatever the headers claim (sizes near 2^64, counts of 65,535);
// - a refusal has a reason, short enough for a log line;
// - an accepted ELF file really is whole: an independent reading of its program headers
//   finds every PT_LOAD segment, and PT_DYNAMIC, inside the file, which is what keeps
//   `dlopen` from mapping past the end (SIGBUS);
// - appending bytes never turns an accepted file into a refused one: every check is about
//   a range lying within the file, so a longer file passes whatever a shorter one passed;
// - the verdict does not depend on how the bytes are read: from an array, or piecewise.

/// libFuzzer's entry point: judges one input as every format.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0; a broken invariant stops the process instead.
@_cdecl("LLVMFuzzerTestOneInput")
public func libraryImageFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let formats: [LibraryImageValidator.Format] = [
        .elf(machine: ELFImage.machineAMD64), .elf(machine: ELFImage.machineAArch64),
        .machO(cpuType: MachOImage.cpuTypeAMD64), .machO(cpuType: MachOImage.cpuTypeARM64),
    ]
    for format in formats {
        let verdict = LibraryImageValidator.validate(ImageBytes(bytes), as: format)
        switch verdict {
        case .failure(let problem):
            require(!problem.reason.isEmpty && problem.reason.utf8.count < 400, "reason: \(problem.reason)")
        case .success:
            if case .elf = format { checkWhole(bytes) }
            let longer = LibraryImageValidator.validate(ImageBytes(bytes + [0, 0xFF, 0x7F]), as: format)
            require((try? longer.get()) != nil, "accepted, but refused with 3 more bytes: \(longer)")
        }
        let piecewise = LibraryImageValidator.validate(
            ImageBytes(count: bytes.count) { offset, count in Array(bytes[offset..<(offset + count)]) },
            as: format)
        require(piecewise == verdict, "the verdict depends on the reader: \(piecewise), \(verdict)")
    }
    return 0
}

/// Stops the fuzzer with `message` when `condition` is false.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    guard !condition else { return }
    fatalError("fuzz invariant broken: \(message())")
}

/// Reads the program headers of an accepted ELF file afresh and checks that every PT_LOAD
/// and PT_DYNAMIC segment lies inside the file.
private func checkWhole(_ bytes: [UInt8]) {
    func number(_ offset: Int, _ width: Int) -> UInt64 {
        require(offset >= 0 && offset + width <= bytes.count, "accepted, but byte \(offset) is past the end")
        return (0..<width).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }
    let table = number(32, 8)
    let count = number(56, 2)
    require(table <= UInt64(bytes.count), "accepted, but the program headers start past the end")
    var loads = 0
    for index in 0..<Int(count) {
        let base = Int(table) + index * 56
        let type = number(base, 4)
        guard type == 1 || type == 2 else { continue }
        let (end, overflow) = number(base + 8, 8).addingReportingOverflow(number(base + 32, 8))
        require(!overflow && end <= UInt64(bytes.count), "accepted, but segment \(index) ends past the end")
        if type == 1 { loads += 1 }
    }
    require(loads > 0, "accepted without a PT_LOAD segment")
}
