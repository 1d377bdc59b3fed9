import Testing

@testable import DependencyContainer

/// A service that records what it was made with.
private final class Link: Sendable {
    let inner: Link?
    let label: String

    init(_ label: String, inner: Link? = nil) {
        self.label = label
        self.inner = inner
    }
}

extension InjectID where Service == Link {
    fileprivate static var chainTop: Self { InjectID("DependentChainTop") }
    fileprivate static var chainMiddle: Self { InjectID("DependentChainMiddle") }
    fileprivate static var chainLeaf: Self { InjectID("DependentChainLeaf") }
}

@Suite("Dependents: a change resets the cached services made with it, and those made with them")
struct DependentChainTests {
    @Test("A plugin that comes resets a singleton made without it and the singleton made with that one")
    func pluginComingResetsTheChain() throws {
        let host = Container()
        // What a `PluginLoader` for the host does when it is made.
        host.startTracingCreations()
        host.register(.chainMiddle, scope: .singleton) { resolver in
            Link("middle", inner: resolver.load(.chainLeaf))
        }
        host.register(.chainTop, scope: .singleton) { resolver in
            Link("top", inner: try resolver.require(.chainMiddle))
        }
        // Made first, so that the top's factory gets it cached: the top met the missing leaf
        // only through it.
        _ = try host.require(.chainMiddle)
        let before = try host.require(.chainTop)
        #expect(before.inner?.inner == nil)

        let staging = Container()
        staging.register(.chainLeaf) { Link("leaf") }
        let outcome = host.adoptRegistrations(
            of: staging, replacingExisting: false, declaring: [:], owner: RegistrationOwner(),
            dependents: .reset)

        #expect(outcome.dependents == ["DependentChainMiddle", "DependentChainTop"])
        let after = try host.require(.chainTop)
        #expect(after !== before)
        #expect(after.inner?.inner?.label == "leaf")
    }

    @Test("A context switch resets a chain three deep, and leaves a singleton made without it alone")
    func contextSwitchResetsTheChain() throws {
        let container = Container()
        container.register(.chainLeaf) { Link("default") }
        container.register(.chainLeaf, context: .preview) { Link("preview") }
        container.register(.chainMiddle, scope: .singleton) { resolver in
            Link("middle", inner: try resolver.require(.chainLeaf))
        }
        container.register(.chainTop, scope: .singleton) { resolver in
            Link("top", inner: try resolver.require(.chainMiddle))
        }
        let unrelated = InjectID<Link>("DependentChainUnrelated")
        container.register(unrelated, scope: .singleton) { Link("unrelated") }
        container.setActiveContexts([.preview])
        _ = try container.require(.chainMiddle)
        let before = try container.require(.chainTop)
        let kept = try container.require(unrelated)
        #expect(before.inner?.inner?.label == "preview")

        container.setActiveContexts([])

        #expect(try container.require(.chainTop).inner?.inner?.label == "default")
        #expect(try container.require(unrelated) === kept)
    }
}

@Suite("The creation trace costs only the containers that have a reader")
struct CreationTraceScopeTests {
    @Test(
        "A reader makes its container and those below it trace, children made before and after; others do not"
    )
    func tracingFollowsTheContainerTree() {
        let parent = Container()
        let earlyChild = Container(parent: parent)
        let earlyGrandchild = Container(parent: earlyChild)
        let unrelated = Container()
        #expect(!parent.tracesCreations.load() && !earlyChild.tracesCreations.load())

        parent.register(.chainLeaf, context: .preview) { Link("preview") }

        let lateChild = Container(parent: parent)
        #expect(parent.tracesCreations.load())
        #expect(earlyChild.tracesCreations.load() && earlyGrandchild.tracesCreations.load())
        #expect(lateChild.tracesCreations.load())
        #expect(!unrelated.tracesCreations.load())
    }

    @Test("A child made before its parent's first context registration follows the parent's switch")
    func childMadeBeforeTheReader() throws {
        let parent = Container()
        let child = Container(parent: parent)
        child.register(.chainTop, scope: .singleton) { resolver in
            Link("top", inner: try resolver.require(.chainLeaf))
        }
        parent.register(.chainLeaf) { Link("default") }
        parent.register(.chainLeaf, context: .preview) { Link("preview") }
        parent.setActiveContexts([.preview])
        #expect(try child.require(.chainTop).inner?.label == "preview")

        parent.setActiveContexts([])

        #expect(try child.require(.chainTop).inner?.label == "default")
    }
}
