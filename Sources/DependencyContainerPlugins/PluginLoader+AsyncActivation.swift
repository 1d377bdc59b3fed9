import DependencyContainer
import Foundation

extension PluginLoader {
    // MARK: From async code and the main actor

    /// Switches a loaded plugin off without blocking the caller:
    /// ``deactivate(_:resettingDependents:)`` on a thread of its own, for the main actor and
    /// other async code.
    ///
    /// The steps run on a thread of their own while the caller is suspended, so the main
    /// actor stays free: the plugin's main-actor dispose hooks run within the time limit
    /// instead of after the call, and the app keeps drawing while listeners answer. Its own
    /// name, not an `async` overload of `deactivate`: async code can call either, and says
    /// which.
    ///
    /// ```swift
    /// @MainActor
    /// func switchToastOff() async throws {
    ///     try await loader.deactivateWithoutBlocking(toastPlugin, resettingDependents: true)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - plugin: A plugin this loader loaded.
    ///   - resettingDependents: Whether the dependents are reset with the plugin.
    /// - Returns: What was removed, restored, reset and what overran.
    /// - Throws: ``PluginActivationError`` as the synchronous form does; nothing changed then.
    @discardableResult
    public func deactivateWithoutBlocking(_ plugin: LoadedPlugin, resettingDependents: Bool = false)
        async
        throws(PluginActivationError) -> PluginDeactivationReport
    {
        try await onThreadOfItsOwn { () throws(PluginActivationError) in
            try self.deactivate(plugin, resettingDependents: resettingDependents)
        }
    }

    /// Switches a deactivated plugin on again without blocking the caller:
    /// ``activate(_:resettingDependents:)`` on a thread of its own.
    ///
    /// - Parameters:
    ///   - plugin: A plugin this loader loaded and deactivated.
    ///   - resettingDependents: Whether the dependents are reset with the activation.
    /// - Returns: The plugin as this activation loaded it, its dependents, and the listeners
    ///   that overran.
    /// - Throws: ``PluginActivationError`` as the synchronous form does.
    @discardableResult
    public func activateWithoutBlocking(_ plugin: LoadedPlugin, resettingDependents: Bool = false)
        async
        throws(PluginActivationError) -> PluginActivationReport
    {
        try await onThreadOfItsOwn { () throws(PluginActivationError) in
            try self.activate(plugin, resettingDependents: resettingDependents)
        }
    }

    /// Runs `body` on a new thread and resumes with its result: blocking work that must not
    /// hold a cooperative thread or the main actor.
    private func onThreadOfItsOwn<Answer: Sendable>(
        _ body: @escaping @Sendable () throws(PluginActivationError) -> Answer
    ) async throws(PluginActivationError) -> Answer {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<Answer, PluginActivationError>, Never>) in
            Thread.detachNewThread {
                continuation.resume(returning: Result { () throws(PluginActivationError) in try body() })
            }
        }
        return try result.get()
    }
}
