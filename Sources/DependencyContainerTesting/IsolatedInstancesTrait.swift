import DependencyContainer
import Testing

/// A Swift Testing trait that gives a test its own instance of every cached service of a
/// container, disposed when the test ends.
///
/// Create it with ``isolatedInstances(_:_:)``:
///
/// ```swift
/// @Test(.isolatedInstances(appContainer) { $0.register(.toast, scope: .singleton) { RecordingToast() } })
/// func playingShowsAToastInIsolation() throws {
///     let toast = try #require(appContainer.load(.toast) as? RecordingToast)
///     appContainer.load(.player)?.play("Intro")
///     #expect(toast.messages == ["Now playing Intro"])
/// }
/// ```
///
/// Scoped with `Container.withIsolatedInstances(_:isolation:operation:)`:
/// every singleton, weak and named-scope service the container's loads reach is made afresh
/// for the test, with the test's overrides, and disposed when it ends. Tests that run in
/// parallel each get their own, and none sees a service made before it started. On a suite,
/// the trait applies to every test in it, each with its own services.
public struct IsolatedInstancesTrait: TestTrait, SuiteTrait, TestScoping {
    /// The container whose cached services are made afresh.
    public let container: Container

    /// Registers overrides into the test's scope.
    public let configure: @Sendable (Container) -> Void

    /// Applies to every test of a suite, each with its own services.
    public var isRecursive: Bool { true }

    /// Runs the test, or the suite, with its own services.
    ///
    /// - Parameters:
    ///   - test: The test or suite.
    ///   - testCase: The test case, or `nil` for a suite.
    ///   - function: Runs the test.
    /// - Throws: What the test throws.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's scope would share its services between its tests: only tests get one.
        guard testCase != nil || !test.isSuite else { return try await function() }
        try await container.withIsolatedInstances(configure) {
            try await function()
        }
    }
}

extension Trait where Self == IsolatedInstancesTrait {
    /// A trait that gives each test its own instance of every cached service of `container`,
    /// with the overrides `configure` registers.
    ///
    /// ```swift
    /// @Test(.isolatedInstances(appContainer))
    /// func startsWithAFreshPlayer() {
    ///     #expect(appContainer.load(.player) != nil)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - container: The container; `Container.shared` if omitted.
    ///   - configure: Registers overrides, as `Container.withOverrides(_:operation:)` does.
    /// - Returns: The trait.
    public static func isolatedInstances(
        _ container: Container = .shared, _ configure: @escaping @Sendable (Container) -> Void = { _ in }
    ) -> Self {
        IsolatedInstancesTrait(container: container, configure: configure)
    }
}
