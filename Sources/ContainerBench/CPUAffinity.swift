#if canImport(Glibc)
    import Glibc
#endif

/// Pins threads to CPUs on Linux, so that two measuring threads run on two cores.
enum CPUAffinity {
    /// `sched_setaffinity`, looked up at run time: Glibc declares it only under `_GNU_SOURCE`,
    /// which the Swift module does not set.
    private typealias SetAffinity = @convention(c) (Int32, Int, UnsafeRawPointer) -> Int32

    /// Pins the calling thread to `cpu`; returns whether it worked.
    static func pinCurrentThread(to cpu: Int) -> Bool {
        #if os(Linux)
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "sched_setaffinity") else { return false }
            let setAffinity = unsafeBitCast(symbol, to: SetAffinity.self)
            var mask = [UInt64](repeating: 0, count: 16)  // a 1024-CPU cpu_set_t
            guard cpu < mask.count * 64 else { return false }
            mask[cpu / 64] |= 1 << UInt64(cpu % 64)
            return mask.withUnsafeBytes { setAffinity(0, $0.count, $0.baseAddress!) } == 0
        #else
            return false
        #endif
    }
}
