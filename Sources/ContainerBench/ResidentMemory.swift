import Foundation

/// The process's resident set size, from `/proc/self/statm` (Linux only).
enum ResidentMemory {
    /// Resident bytes, or `nil` where `/proc/self/statm` does not exist.
    static func bytes() -> Int? {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
            return nil
        }
        // "size resident shared text lib data dt", in pages.
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
