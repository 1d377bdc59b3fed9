import DependencyContainer
import Testing

/// A Swift Testing trait that runs a test with some of a container's registrations replaced.
///
/// Create it with ``overriding(_:_:)``:
///
/// ```swift
/// @Test(.overriding(appContainer) { $0.register(.toast, scope: .singleton) { RecordingToast() } })
/// func playingShowsAToast() throws {
///     let toast = try #require(appContainer.load(.toast) as? RecordingToast)
///     appContainer.load(.player)?.play("Intro")
///     #expect(toast.messages == ["Now playing Intro"])
/// }
/// ```
///
/// The replacements are scoped with `Container.withOverrides(_:isolation:operation:)`,
/// a task-local value: tests that run in parallel each see only their own, and the container
/// itself never changes. Each test, and each case of a parameterized test, gets a fresh
/// scratch container, so singletons registered as overrides are never shared between tests.
/// On a suite, the trait applies to every test in it.
public struct ContainerOverridesTrait: TestTrait, SuiteTrait, TestScoping {
    /// The container whose registrations are replaced.
    public let container: Container

    /// Registers the replacements into a scratch container.
    public let configure: @Sendable (Container) -> Void

    /// Applies to every test of a suite, each with its own replacements.
    public var isRecursive: Bool { true }

    /// Runs the test, or the suite, with the replacements in place.
    ///
    /// - Parameters:
    ///   - test: The test or suite.
    ///   - testCase: The test case, or `nil` for a suite.
    ///   - function: Runs the test.
    /// - Throws: What the test throws.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await container.withOverrides(configure) {
            try await function()
        }
    }
}

extension Trait where Self == ContainerOverridesTrait {
    /// A trait that replaces some of `container`'s registrations for one test.
    ///
    /// ```swift
    /// @Test(.overriding { $0.register(.analytics) { NullAnalytics() } })
    /// func startsWithoutAnalytics() {
    ///     #expect(Container.shared.load(.analytics) is NullAnalytics)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - container: The container to override; `Container.shared` if omitted.
    ///   - configure: Registers the replacements, as `Container.withOverrides(_:operation:)` does.
    /// - Returns: The trait.
    public static func overriding(
        _ container: Container = .shared, _ configure: @escaping @Sendable (Container) -> Void
    ) -> Self {
        ContainerOverridesTrait(container: container, configure: configure)
    }
}
