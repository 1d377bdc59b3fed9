import DependencyContainer
import Testing

private final class Wired: Sendable {
    let dependency: String?
    init(dependency: String?) { self.dependency = dependency }
}

@Suite("Cached services resolve from their own container")
struct CachedServiceContextTests {
    private static let name = InjectID<String>("CachedContextNameInjectID")
    private static let wired = InjectID<Wired>("CachedContextWiredInjectID")

    private static func makeContainer(scope: Scope) -> Container {
        let container = Container()
        container.register(name) { "real" }
        container.register(wired, scope: scope) { resolver in Wired(dependency: resolver.load(name)) }
        return container
    }

    @Test(
        "A singleton first loaded inside withOverrides is not wired with the override",
        arguments: [Scope.singleton, .weak])
    func overrideDoesNotLeak(scope: Scope) {
        let container = Self.makeContainer(scope: scope)
        let inside = container.withOverrides {
            $0.register(Self.name) { "mock" }
        } operation: {
            (container.load(Self.name), container.load(Self.wired))
        }
        #expect(inside.0 == "mock", "the override applies to the load itself")
        #expect(inside.1?.dependency == "real")
        let outside = container.load(Self.wired)
        #expect(outside?.dependency == "real")
        if scope == .singleton || inside.1 != nil {
            #expect(outside === inside.1)
        }
    }

    @Test("A named-scope service first loaded inside withOverrides is not wired with the override")
    func namedScopeDoesNotCapture() {
        let container = Container()
        container.register(Self.name) { "real" }
        container.register(Self.wired, scope: .session) { resolver in
            Wired(dependency: resolver.load(Self.name))
        }
        let inside = container.withOverrides {
            $0.register(Self.name) { "mock" }
        } operation: {
            container.load(Self.wired)
        }
        #expect(inside?.dependency == "real")
    }

    @Test("A parent's singleton first loaded through a child that overrides its dependency uses the parent's")
    func childDoesNotLeakIntoParent() {
        let parent = Self.makeContainer(scope: .singleton)
        let child = Container(parent: parent)
        child.register(Self.name) { "child" }
        let otherChild = Container(parent: parent)
        #expect(child.load(Self.name) == "child")
        let throughChild = child.load(Self.wired)
        #expect(throughChild?.dependency == "real")
        #expect(parent.load(Self.wired) === throughChild)
        #expect(otherChild.load(Self.wired) === throughChild)
    }

    @Test("A singleton registered as an override sees its own scope's overrides and lives in it")
    func overrideSingletonKeepsItsScope() {
        let container = Self.makeContainer(scope: .singleton)
        let inside = container.withOverrides { overrides in
            overrides.register(Self.name) { "mock" }
            overrides.register(Self.wired, scope: .singleton) { resolver in
                Wired(dependency: resolver.load(Self.name))
            }
        } operation: {
            container.load(Self.wired)
        }
        #expect(inside?.dependency == "mock")
        #expect(container.load(Self.wired) !== inside)
        #expect(container.load(Self.wired)?.dependency == "real")
    }

    @Test("Transient services still see overrides of their dependencies")
    func transientSeesOverrides() {
        let container = Self.makeContainer(scope: .transient)
        let inside = container.withOverrides {
            $0.register(Self.name) { "mock" }
        } operation: {
            container.load(Self.wired)
        }
        #expect(inside?.dependency == "mock")
    }
}
