import DependencyContainer
import Testing

/// A service that keeps the resolver its factory was given, and counts its own release.
private final class ResolverKeeper: Sendable {
    let resolver: Resolver
    private let released: Counter

    init(_ resolver: Resolver, released: Counter) {
        self.resolver = resolver
        self.released = released
    }

    deinit {
        released.increment()
    }
}

/// A service that keeps a lazy and a provider handle and an `@Injected` property.
private final class HandleKeeper {
    let lazyToast: Lazy<any ToastInject>
    let makeToast: ServiceProvider<any ToastInject>
    /// An `@Injected` property's wrapper.
    let injected: Injected<any ToastInject>
    private let released: Counter

    init(_ resolver: Resolver, released: Counter) {
        lazyToast = resolver.lazy(.toast)
        makeToast = resolver.provider(.toast)
        injected = Injected(.toast, container: resolver.container)
        self.released = released
    }

    deinit {
        released.increment()
    }
}

/// IDs of this suite's keepers.
private enum KeeperID {
    static let singleton = InjectID<ResolverKeeper>("KeptResolver.singleton")
    static let session = InjectID<ResolverKeeper>("KeptResolver.session")
    static let weak = InjectID<ResolverKeeper>("KeptResolver.weak")
    static let transient = InjectID<ResolverKeeper>("KeptResolver.transient")
    static let handles = InjectID<HandleKeeper>("KeptResolver.handles")
}

@Suite("Kept resolvers and handles never keep their container alive", .tags(.lifetime))
struct KeptResolverLifetimeTests {
    /// A container whose cached services keep resolvers and handles, with a transient
    /// keeper loaded from it, and what tracks them.
    private struct Fixture {
        weak var container: Container?
        weak var weakKeeper: ResolverKeeper?
        let transient: ResolverKeeper
        let events: EventLog
    }

    /// Builds the fixture in a function of its own, so that no local of the caller holds the
    /// container once it returns, in debug and in release builds alike.
    private static func dropContainerAfterLoading(released: Counter) -> Fixture {
        let events = EventLog()
        let container = Container()
        container.setDiagnosticsHandler(events.handler)
        container.register(.toast) { RecordingToast() }
        container.register(KeeperID.singleton, scope: .singleton) { ResolverKeeper($0, released: released) }
        container.register(KeeperID.session, scope: .session) { ResolverKeeper($0, released: released) }
        container.register(KeeperID.weak, scope: .weak) { ResolverKeeper($0, released: released) }
        container.register(KeeperID.transient) { ResolverKeeper($0, released: released) }
        container.register(KeeperID.handles, scope: .singleton) { HandleKeeper($0, released: released) }
        let weakKeeper = container.load(KeeperID.weak)
        for id in [KeeperID.singleton, KeeperID.session] {
            #expect(container.load(id)?.resolver.load(.toast) != nil)
        }
        let handles = container.load(KeeperID.handles)
        // Handles that loaded once keep what they loaded; these have loaded nothing yet.
        #expect(handles?.makeToast() != nil)
        let transient = container.load(KeeperID.transient)!
        #expect(transient.resolver.load(.toast) != nil)
        return withExtendedLifetime(weakKeeper) {
            Fixture(container: container, weakKeeper: weakKeeper, transient: transient, events: events)
        }
    }

    @Test("A dropped container and its cached services are freed though they keep resolvers and handles")
    func droppedContainerIsFreed() throws {
        let released = Counter()
        var dropped: Fixture?
        // The singleton, session, weak and handle keepers; the transient is the test's.
        expectReleased(released, 4, after: "dropping the container") {
            dropped = Self.dropContainerAfterLoading(released: released)
        }
        let fixture = try #require(dropped)
        #expect(fixture.container == nil, "the container outlived its last outside reference")
        #expect(fixture.weakKeeper == nil)

        // The transient outlived its container: its loads find nothing, and say why.
        #expect(fixture.transient.resolver.load(.toast) == nil)
        let reported = fixture.events.all.contains { event in
            guard case .failed(.containerReleased(let id, let type)) = event else { return false }
            return id == "ToastInjectID" && type == "any ToastInject"
        }
        #expect(reported, "no containerReleased diagnostic: \(fixture.events.descriptions)")
        #expect {
            try fixture.transient.resolver.require(.toast)
        } throws: { error in
            guard case .containerReleased(let id, _) = error as? ContainerError else { return false }
            return id == "ToastInjectID" && "\(error)".contains("has been released")
        }
        #expect(fixture.transient.resolver.load(KeeperID.singleton) == nil)
        #expect(fixture.transient.resolver.container.load(.toast) == nil)
    }

    @Test("Handles and @Injected properties of a released container load nothing and report it")
    func handlesOfAReleasedContainer() throws {
        let events = EventLog()
        var handles: HandleKeeper?
        do {
            let container = Container()
            container.setDiagnosticsHandler(events.handler)
            container.register(.toast) { RecordingToast() }
            container.register(KeeperID.handles) { HandleKeeper($0, released: Counter()) }
            handles = container.load(KeeperID.handles)
        }
        let kept = try #require(handles)
        #expect(kept.lazyToast.value == nil)
        #expect(kept.makeToast() == nil)
        #expect(kept.injected.wrappedValue == nil)
        #expect(throws: ContainerError.self) { try kept.makeToast.require() }
        let released = events.all.filter { event in
            if case .failed(.containerReleased(let id, _)) = event { return id == "ToastInjectID" }
            return false
        }
        #expect(released.count == 3, "\(events.descriptions)")
    }

    @Test("A child's kept resolver reports to its parent's handler once both are gone")
    func reportsToAncestorHandler() throws {
        let events = EventLog()
        var keeper: ResolverKeeper?
        do {
            let parent = Container()
            parent.setDiagnosticsHandler(events.handler)
            let child = Container(parent: parent)
            child.register(KeeperID.transient) { ResolverKeeper($0, released: Counter()) }
            keeper = child.load(KeeperID.transient)
        }
        #expect(try #require(keeper).resolver.load(for: "ToastInjectID") == nil)
        #expect(events.descriptions.contains { $0.contains("ToastInjectID") && $0.contains("released") })
    }

    @Test("An override's singleton that keeps its resolver is freed with its scope")
    func overrideSingletonFreedWithScope() throws {
        let container = Container()
        let released = Counter()
        weak var weakKeeper: ResolverKeeper?
        expectReleased(released, 1, after: "the override scope ended") {
            container.withOverrides {
                $0.register(KeeperID.singleton, scope: .singleton) { ResolverKeeper($0, released: released) }
            } operation: {
                let keeper = container.load(KeeperID.singleton)
                #expect(keeper != nil)
                weakKeeper = keeper
            }
        }
        #expect(weakKeeper == nil)
    }

    @Test("A transient's kept resolver does not keep the container whose override it was made under")
    func keptOverrideResolverDoesNotKeepContainer() throws {
        weak var weakContainer: Container?
        var keeper: ResolverKeeper?
        do {
            let container = Container()
            weakContainer = container
            container.register(KeeperID.transient) { ResolverKeeper($0, released: Counter()) }
            keeper = container.withOverrides {
                $0.register(.toast) { RecordingToast() }
            } operation: {
                container.load(KeeperID.transient)
            }
            #expect(keeper?.resolver.load(.toast) != nil)
        }
        #expect(weakContainer == nil)
        #expect(try #require(keeper).resolver.load(.toast) == nil)
    }
}
