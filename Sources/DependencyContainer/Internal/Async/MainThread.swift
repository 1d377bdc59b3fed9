import DependencyContainerSystem
import Dispatch

/// Whether code runs on the main actor, asked without trapping.
enum MainThread {
    /// Whether the caller runs on the main actor's executor: on the main thread outside any
    /// queue (before `dispatchMain()`, where only the main thread can serve the main queue),
    /// or inside a block of the main queue, which runs one block at a time.
    static var isCurrent: Bool {
        dependency_container_is_main_thread() != 0 || DispatchQueue.getSpecific(key: mainQueueKey.key) == true
    }

    /// Runs `body` on the main actor when the caller runs on it, else returns `nil` without
    /// running it.
    static func runIfCurrent<Value>(_ body: @MainActor () throws -> Value) rethrows -> Value? {
        guard isCurrent else { return nil }
        return try MainActor.assumeIsolated { ServiceTransfer(value: try body()) }.value
    }
}

/// Marks the main queue, so that `DispatchQueue.getSpecific` answers `true` in its blocks.
private let mainQueueKey: MainQueueKey = {
    let key = MainQueueKey()
    DispatchQueue.main.setSpecific(key: key.key, value: true)
    return key
}()

/// `@unchecked Sendable`: the key is only read after it is installed, and dispatch's
/// specific-value functions are thread-safe.
private final class MainQueueKey: @unchecked Sendable {
    let key = DispatchSpecificKey<Bool>()
}
