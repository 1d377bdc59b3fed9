import Foundation

/// A value behind an `NSLock`, for the loader's bookkeeping.
///
/// `@unchecked Sendable`: `value` is only touched inside `withLock`, with the lock held.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}
