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

    @Test(
        "An override's singleton first loaded through a child resolves on the overridden parent",
        arguments: [Scope.singleton, .session])
    func overrideThroughChildUsesParent(scope: Scope) {
        let parent = Container()
        parent.register(Self.name, scope: .singleton) { "parent" }
        let screenA = Container(parent: parent)
        screenA.register(Self.name) { "screen A" }
        let screenB = Container(parent: parent)
        let (throughA, throughB) = parent.withOverrides {
            $0.register(Self.wired, scope: scope) { resolver in Wired(dependency: resolver.load(Self.name)) }
        } operation: {
            (screenA.load(Self.wired), screenB.load(Self.wired))
        }
        #expect(throughA?.dependency == "parent", "screen A's service leaked into the override's cache")
        #expect(throughB === throughA)
    }

    @Test("An override's singleton keeps the scopes enclosing it, not a child's registrations")
    func overrideThroughChildSeesEnclosingScopes() {
        let parent = Container()
        parent.register(Self.name) { "parent" }
        let screen = Container(parent: parent)
        screen.register(Self.name) { "screen" }
        let wired = parent.withOverrides {
            $0.register(Self.name) { "outer override" }
        } operation: {
            parent.withOverrides {
                $0.register(Self.wired, scope: .singleton) { resolver in
                    Wired(dependency: resolver.load(Self.name))
                }
            } operation: {
                screen.load(Self.wired)
            }
        }
        #expect(wired?.dependency == "outer override")
    }

    @Test("An async singleton first loaded inside withOverrides is not wired with the override")
    func asyncSingletonDoesNotCapture() async {
        let container = Container()
        container.register(Self.name) { "real" }
        container.registerAsync(Self.wired, scope: .singleton) { resolver in
            await Wired(dependency: resolver.loadAsync(Self.name))
        }
        let inside = await container.withOverrides {
            $0.register(Self.name) { "mock" }
        } operation: {
            await container.loadAsync(Self.wired)
        }
        #expect(inside?.dependency == "real")
        #expect(await container.loadAsync(Self.wired) === inside)
    }

    @Test("An async override singleton first loaded through a child resolves on the overridden parent")
    func asyncOverrideThroughChildUsesParent() async {
        let parent = Container()
        parent.register(Self.name) { "parent" }
        let screen = Container(parent: parent)
        screen.register(Self.name) { "screen" }
        let wired = await parent.withOverrides {
            $0.registerAsync(Self.wired, scope: .singleton) { resolver in
                await Wired(dependency: resolver.loadAsync(Self.name))
            }
        } operation: {
            await screen.loadAsync(Self.wired)
        }
        #expect(wired?.dependency == "parent")
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
