/// Keeps benchmark results observable, so the optimizer cannot delete the work that made them.
enum Sink {
    /// Folded into the output at the end of a run; written by one thread only.
    nonisolated(unsafe) private(set) static var accumulator = 0

    /// Consumes a checksum.
    @inline(never)
    static func consume(_ checksum: Int) {
        accumulator &+= checksum
    }

    /// Returns `value` through a function the optimizer does not look into, so a closure or
    /// key built in the benchmark cannot be constant-folded into the loop that uses it.
    @_optimize(none)
    static func opaque<Value>(_ value: Value) -> Value {
        value
    }

    /// A checksum of an object's identity, so loading it cannot be skipped.
    @inline(__always)
    static func identity(_ object: AnyObject?) -> Int {
        guard let object else { return 0 }
        return Int(bitPattern: UInt(bitPattern: ObjectIdentifier(object).hashValue))
    }
}
