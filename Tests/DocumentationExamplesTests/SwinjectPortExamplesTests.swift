import DependencyContainer
import Foundation
import Testing

// The MigratingFromSwinject article's type keys, property injection in factories and bridges,
// compiled and run. `.ci/check-doc-snippets.swift` checks that each block appears here.

/// Keeps the signed-in user's session.
protocol SessionStore: AnyObject, Sendable {
    var userName: String { get }
}

/// Sends the user messages; a `.graph` service in the ported app.
protocol Messenger: AnyObject, Sendable {}

/// The feed, which tells the user through a messenger.
protocol FeedService: AnyObject, Sendable {
    var messenger: any Messenger { get }
}

/// A screen whose toast and messenger its factory sets, as Swinject code does.
protocol FeedScreen: AnyObject {
    var service: any FeedService { get }
    var messenger: (any Messenger)? { get set }
    var toast: (any ToastInject)? { get set }
}

final class KeychainSessionStore: SessionStore {
    let userName = "Mina"
}

final class MessengerImpl: Messenger {
    let store: any SessionStore
    init(store: any SessionStore) { self.store = store }
}

final class FeedServiceImpl: FeedService {
    let messenger: any Messenger
    init(messenger: any Messenger) { self.messenger = messenger }
}

final class FeedViewController: FeedScreen {
    let service: any FeedService
    var messenger: (any Messenger)?
    var toast: (any ToastInject)?
    init(service: any FeedService) { self.service = service }
}

/// A stand-in for Swinject's API, just enough for the article's bridges to compile and run:
/// registrations keyed by type, in Swinject's default scope, `.graph`, whose instances one
/// top-level `resolve` shares.
enum Swinject {
    /// Swinject's factories receive the container as their resolver.
    typealias Resolver = Container

    final class Container: @unchecked Sendable {
        private let lock = NSRecursiveLock()
        private var factories: [ObjectIdentifier: (Resolver) -> Any] = [:]
        private var graph: [ObjectIdentifier: Any] = [:]
        private var depth = 0

        func register<Service>(_ type: Service.Type, factory: @escaping (Resolver) -> Service) {
            lock.withLock { factories[ObjectIdentifier(type)] = factory }
        }

        func resolve<Service>(_ type: Service.Type) -> Service? {
            lock.lock()
            defer { lock.unlock() }
            let key = ObjectIdentifier(type)
            if let shared = graph[key] as? Service { return shared }
            guard let factory = factories[key] else { return nil }
            depth += 1
            defer {
                depth -= 1
                if depth == 0 { graph = [:] }
            }
            let made = factory(self) as? Service
            graph[key] = made
            return made
        }
    }
}

/// A view controller that reaches into the container from outside, ported.
final class StoryboardScreen {
    @Injected(.type(ToastInject.self)) var toast: (any ToastInject)?
}

@Suite("Swinject port examples")
struct SwinjectPortExamplesTests {
    @Test("A type key names its type: the factory returns its implementation")
    func typeKeys() throws {
        let container = Container()
        container.register(.type(SessionStore.self), scope: .singleton) { KeychainSessionStore() }
        container.register(.type(Messenger.self)) { r in
            let service = MessengerImpl(store: try r.require(.type(SessionStore.self)))
            return service
        }
        let messenger = container.load(.type(Messenger.self))  // (any Messenger)?
        #expect(messenger is MessengerImpl)
        #expect(InjectID.type(Messenger.self).name == InjectID<any Messenger>(type: Messenger.self).name)
    }

    @Test("InjectID.type(_:)'s doc comment")
    func typeDocComment() {
        let container = Container()
        container.register(.type(ToastInject.self)) { ConsoleToast() }
        let toast = container.load(.type(ToastInject.self))  // (any ToastInject)?
        #expect(toast is ConsoleToast)
    }

    @Test("Property injection inside the factory")
    func propertyInjectionInFactory() throws {
        let container = Container(defaultScope: .graph)
        container.register(.type(ToastInject.self), scope: .singleton) { ConsoleToast() }
        container.register(.type(SessionStore.self), scope: .singleton) { KeychainSessionStore() }
        container.register(.type(Messenger.self)) { r in
            MessengerImpl(store: try r.require(.type(SessionStore.self)))
        }
        container.register(.type(FeedService.self)) { r in
            FeedServiceImpl(messenger: try r.require(.type(Messenger.self)))
        }
        container.register(.type(FeedScreen.self)) { r in
            let vc = FeedViewController(service: try r.require(.type(FeedService.self)))
            vc.messenger = r.load(.type(Messenger.self))
            vc.toast = r.load(.type(ToastInject.self))
            return vc
        }
        let screen = try container.require(.type(FeedScreen.self))
        #expect(screen.toast is ConsoleToast)
        // One load, one graph: the messenger the factory set is the service's.
        #expect(screen.messenger === screen.service.messenger)
    }

    @Test("Bridges both ways; a bridged load is its own top-level load")
    func bridges() throws {
        let swinject = Swinject.Container()
        let container = Container(defaultScope: .graph)
        // Not yet ported: the session store, which the ported messenger loads from Swinject.
        swinject.register(SessionStore.self) { _ in KeychainSessionStore() }
        container.register(.type(SessionStore.self)) { swinject.resolve(SessionStore.self)! }
        // Ported: the messenger and the feed.
        container.register(.type(Messenger.self)) { r in
            MessengerImpl(store: try r.require(.type(SessionStore.self)))
        }
        container.register(.type(FeedService.self)) { r in
            FeedServiceImpl(messenger: try r.require(.type(Messenger.self)))
        }
        // Not yet ported: the screen, which Swinject makes from the ported services.
        swinject.register(Messenger.self) { _ in container.load(.type(Messenger.self))! }
        swinject.register(FeedService.self) { _ in container.load(.type(FeedService.self))! }
        swinject.register(FeedScreen.self) { r in
            let vc = FeedViewController(service: r.resolve(FeedService.self)!)
            vc.messenger = r.resolve(Messenger.self)
            return vc
        }
        // Each bridged resolve is a top-level load here, with a graph of its own: the screen
        // and its feed, one graph in Swinject, now hold two messengers.
        let halfway = try #require(swinject.resolve(FeedScreen.self))
        #expect(halfway.messenger !== halfway.service.messenger)

        // The graph's root moved too: one load makes the screen, its feed and one messenger.
        container.register(.type(FeedScreen.self)) { r in
            let vc = FeedViewController(service: try r.require(.type(FeedService.self)))
            vc.messenger = r.load(.type(Messenger.self))
            return vc
        }
        swinject.register(FeedScreen.self) { _ in container.load(.type(FeedScreen.self))! }
        let moved = try #require(swinject.resolve(FeedScreen.self))
        #expect(moved.messenger === moved.service.messenger)
    }

    @Test("The port verifies: declared and inferred dependencies")
    func verifiedPort() {
        let container = Container()
        container.register(.type(SessionStore.self), scope: .singleton, dependencies: []) {
            KeychainSessionStore()
        }
        container.register(.type(Messenger.self), dependencies: [.require(.type(SessionStore.self))]) { r in
            MessengerImpl(store: try r.require(.type(SessionStore.self)))
        }
        let report = container.verify()
        #expect(report.isClean, "\(report)")
        #expect(report.unchecked.isEmpty)
        container.unregister(.type(SessionStore.self))
        #expect(!container.verify().isClean)
    }

    @Test("The spellings of the Swinject table, with type keys")
    func table() throws {
        let container = Container()
        container.register(.type(ToastInject.self)) { ConsoleToast() }
        container.register(.type(PlayerInject.self)) { r in
            Player(toast: try r.require(.type(ToastInject.self)))
        }
        #expect(container.load(.type(ToastInject.self)) is ConsoleToast)
        _ = try container.require(.type(ToastInject.self))
        #expect(container.contains(.type(ToastInject.self)))
        let token = container.observe(.type(ToastInject.self)) { change in print(change) }
        token.cancel()
        container.register(.type(FeedService.self)) { resolver in
            let player = resolver.lazy(.type(PlayerInject.self))
            let makeToast = resolver.provider(.type(ToastInject.self))
            makeToast()?.show("ready")
            player.value?.play("Intro")
            return FeedServiceImpl(messenger: MessengerImpl(store: KeychainSessionStore()))
        }
        #expect(container.load(.type(FeedService.self)) != nil)
        #expect(StoryboardScreen().toast == nil)
    }
}
