import DependencyContainer
import Foundation
import Testing

/// A cached service made with a context-dependent service, directly or through another.
final class ContextDependent: Sendable {
    let dependency: ContextService?
    let middle: ContextDependent?
    private let disposals = Counter()

    init(dependency: ContextService?, middle: ContextDependent? = nil) {
        self.dependency = dependency
        self.middle = middle
    }

    /// The origin of the context-dependent service at the end of the chain.
    var origin: String? { middle?.origin ?? dependency?.origin }

    func dispose() { disposals.increment() }
    var disposeCount: Int { disposals.count }
}

/// Issue 39: Contexts.md promises that "no load ever returns a service made for another
/// context". A context switch retires the registrations that stop answering, but a cached
/// service built from one of them (a default singleton that loaded the preview's service) must
/// go too, or it keeps handing out what the old context made.
@Suite("Contexts: cached services built from a registration that stops answering", .tags(.lifetime))
struct ContextSwitchDependentsTests {
    /// The scopes that keep a service, so that it can outlive a context switch.
    static let keptScopes: [Scope] = [.singleton, .lifecycleSession, .weak]

    /// Registers `dependency` for the default and the preview contexts, and `dependent`, a
    /// default registration of `scope` that requires it.
    private func compose(
        _ container: Container, dependent: InjectID<ContextDependent>, scope: Scope,
        dependency: InjectID<ContextService>
    ) {
        container.register(dependency) { ContextService("default") }
        container.register(dependency, context: .preview) { ContextService("preview") }
        container.register(dependent, scope: scope, onDispose: { $0.dispose() }) { resolver in
            ContextDependent(dependency: try resolver.require(dependency))
        }
    }

    @Test(
        "Leaving a context: a cached dependent made with the context's service is made again with the default one",
        arguments: keptScopes)
    func leavingAContext(scope: Scope) async throws {
        let container = Container()
        container.setActiveContexts([.preview])
        let dependent = uniqueID(ContextDependent.self)
        let dependency = uniqueID(ContextService.self)
        compose(container, dependent: dependent, scope: scope, dependency: dependency)
        let first = try #require(container.load(dependent))
        #expect(first.origin == "preview")

        container.setActiveContexts([])
        #expect(container.load(dependency)?.origin == "default")
        let second = try #require(container.load(dependent))
        #expect(
            second.origin == "default",
            "scope \(scope): after leaving .preview, the dependent still holds the preview's service")
        #expect(second !== first)
        // Let go of as a replaced registration's service is: disposed once.
        await container.waitForDisposals()
        #expect(first.disposeCount == 1, "the stale dependent is disposed when the container lets go of it")
        #expect(second.disposeCount == 0)
        #expect(container.load(dependent) === second, "the new dependent is cached as its scope says")
        withExtendedLifetime((first, second)) {}
    }

    @Test(
        "Entering a context: a cached dependent made with the default service is made again with the context's",
        arguments: keptScopes)
    func enteringAContext(scope: Scope) async throws {
        let container = Container()
        container.setActiveContexts([])
        let dependent = uniqueID(ContextDependent.self)
        let dependency = uniqueID(ContextService.self)
        compose(container, dependent: dependent, scope: scope, dependency: dependency)
        let first = try #require(container.load(dependent))
        #expect(first.origin == "default")

        container.setActiveContexts([.preview])
        #expect(container.load(dependency)?.origin == "preview")
        let second = try #require(container.load(dependent))
        #expect(
            second.origin == "preview",
            "scope \(scope): after entering .preview, the dependent still holds the default service")
        await container.waitForDisposals()
        #expect(first.disposeCount == 1)
        #expect(second.disposeCount == 0)
        withExtendedLifetime((first, second)) {}
    }

    @Test(
        "Two levels deep: A (singleton) -> C -> B (per context); A is made again whether C is cached or not",
        arguments: [Scope.singleton, .transient])
    func twoLevelsDeep(middleScope: Scope) async throws {
        let container = Container()
        container.setActiveContexts([.preview])
        let a = uniqueID(ContextDependent.self)
        let c = uniqueID(ContextDependent.self)
        let b = uniqueID(ContextService.self)
        container.register(b, scope: .singleton) { ContextService("default") }
        container.register(b, scope: .singleton, context: .preview) { ContextService("preview") }
        container.register(c, scope: middleScope) { resolver in
            ContextDependent(dependency: try resolver.require(b))
        }
        container.register(a, scope: .singleton, onDispose: { $0.dispose() }) { resolver in
            ContextDependent(dependency: nil, middle: try resolver.require(c))
        }
        let first = try #require(container.load(a))
        #expect(first.origin == "preview")

        container.setActiveContexts([])
        #expect(container.load(c)?.origin == "default", "C (\(middleScope)) loaded on its own")
        let second = try #require(container.load(a))
        #expect(second.origin == "default", "C \(middleScope): A still holds the preview's B through C")

        container.setActiveContexts([.preview])
        #expect(container.load(a)?.origin == "preview", "and back again")
        await container.waitForDisposals()
        #expect(first.disposeCount == 1)
        #expect(second.disposeCount == 1)
    }

    @Test(
        "A child container's dependent, made with its parent's context registration, follows the parent's switch"
    )
    func dependentInAChild() throws {
        let parent = Container()
        parent.setActiveContexts([.preview])
        let child = Container(parent: parent)
        child.setActiveContexts([])
        let dependent = uniqueID(ContextDependent.self)
        let dependency = uniqueID(ContextService.self)
        parent.register(dependency) { ContextService("default") }
        parent.register(dependency, context: .preview) { ContextService("preview") }
        child.register(dependent, scope: .singleton) { resolver in
            ContextDependent(dependency: try resolver.require(dependency))
        }
        #expect(child.load(dependent)?.origin == "preview")
        parent.setActiveContexts([])
        #expect(
            child.load(dependent)?.origin == "default",
            "the child's singleton holds the parent's preview service")
    }

    @Test("A context switch keeps the cached services that were not made with a registration it retires")
    func unrelatedServicesStay() async throws {
        let container = Container()
        container.setActiveContexts([.preview])
        let unrelated = uniqueID(ContextDependent.self)
        let switched = uniqueID(ContextService.self)
        let plain = uniqueID(ContextService.self)
        container.register(switched) { ContextService("default") }
        container.register(switched, context: .preview) { ContextService("preview") }
        container.register(plain, scope: .singleton) { ContextService("plain") }
        container.register(unrelated, scope: .singleton, onDispose: { $0.dispose() }) { resolver in
            ContextDependent(dependency: try resolver.require(plain))
        }
        let first = try #require(container.load(unrelated))
        #expect(container.load(switched)?.origin == "preview")
        container.setActiveContexts([])
        #expect(container.load(switched)?.origin == "default")
        #expect(container.load(unrelated) === first)
        await container.waitForDisposals()
        #expect(first.disposeCount == 0)
    }

    @Test(
        "A cached service made before its container had any context registration is made again when the answer it used switches",
        arguments: keptScopes)
    func madeBeforeTheFirstContextRegistration(scope: Scope) async throws {
        let container = Container()
        let dependent = uniqueID(ContextDependent.self)
        let dependency = uniqueID(ContextService.self)
        container.register(dependency) { ContextService("default") }
        container.register(dependent, scope: scope, onDispose: { $0.dispose() }) { resolver in
            ContextDependent(dependency: try resolver.require(dependency))
        }
        // Made while nothing in the container read creation traces.
        let first = try #require(container.load(dependent))
        #expect(first.origin == "default")

        container.register(dependency, context: .preview) { ContextService("preview") }
        container.setActiveContexts([.preview])
        #expect(container.load(dependency)?.origin == "preview")
        let second = try #require(container.load(dependent))
        #expect(second.origin == "preview")
        await container.waitForDisposals()
        #expect(first.disposeCount == 1)
    }
}
