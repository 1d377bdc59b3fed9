import Synchronization

/// The baseline a registry is held to: a plain `[String: Value]` behind a `Mutex`.
///
/// Values are `Sendable` so that `Mutex` accepts them; for objects that means
/// `any AnyObject & Sendable`, which has the same one-word layout as `AnyObject`.
/// `Mutex` needs these platforms; the rest of the package does not.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
final class LockedDictionary<Value: Sendable>: Sendable {
    private let storage: Mutex<[String: Value]>

    init(_ entries: [String: Value] = [:]) {
        storage = Mutex(entries)
    }

    @inline(__always)
    subscript(key: String) -> Value? {
        storage.withLock { $0[key] }
    }

    @inline(__always)
    func insert(_ value: Value, forKey key: String) {
        storage.withLock { $0[key] = value }
    }
}
