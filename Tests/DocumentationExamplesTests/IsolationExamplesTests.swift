import DependencyContainer
import Foundation
import Testing

// The Swift 6 isolation examples of the README, the DocC article "Swift Concurrency" and the
// doc comments, compiled and run. `.ci/check-doc-snippets.swift` checks that each appears here.

public protocol AppLogInject: Sendable {
    func write(_ line: String)
}

extension InjectID where Service == any AppLogInject {
    public static var appLog: Self { InjectID("AppLogInjectID") }
}

struct PrintLog: AppLogInject {
    func write(_ line: String) {}
}

@MainActor
public protocol BannerInject: AnyObject, Sendable {
    func show(_ message: String)
}

extension InjectID where Service == any BannerInject {
    public static var banner: Self { InjectID("BannerInjectID") }
}

/// A view: its initializer, like every member, is main-actor isolated.
@MainActor
final class BannerView: BannerInject {
    let log: (any AppLogInject)?
    private(set) var shown: [String] = []

    init(log: (any AppLogInject)?) {
        self.log = log
    }

    func show(_ message: String) {
        shown.append(message)
        log?.write("banner: \(message)")
    }
}

/// A service that opens asynchronously.
public final class Database: Sendable {
    let log: (any AppLogInject)?

    private let flushes = LockedValue(0)

    init(log: (any AppLogInject)? = nil) {
        self.log = log
    }

    static func open(log: (any AppLogInject)?) async throws -> Database {
        try await Task.sleep(for: .milliseconds(1))
        return Database(log: log)
    }

    /// Writes what is pending; what a dispose hook awaits.
    func flush() async throws {
        try await Task.sleep(for: .milliseconds(1))
        flushes.withLock { $0 += 1 }
    }

    var flushCount: Int { flushes.withLock { $0 } }
}

extension InjectID where Service == Database {
    static var database: Self { InjectID("DatabaseInjectID") }
}

/// An actor service: Sendable by nature, created by a plain factory.
actor DownloadQueue {
    private var pending: [String] = []

    func enqueue(_ title: String) {
        pending.append(title)
    }

    var count: Int { pending.count }
}

extension InjectID where Service == DownloadQueue {
    static var downloads: Self { InjectID("DownloadsInjectID") }
}

public enum BannerProvider: MainActorInjectProvider {
    public static var id: InjectID<any BannerInject> { .banner }
    public static var scope: Scope { .singleton }
    @MainActor
    public static func make(with resolver: Resolver) -> any BannerInject {
        BannerView(log: resolver.load(.appLog))
    }
}

public enum DatabaseProvider: AsyncInjectProvider {
    public static var id: InjectID<Database> { .database }
    public static var scope: Scope { .singleton }
    public static func make(with resolver: Resolver) async throws -> Database {
        try await Database.open(log: resolver.loadAsync(.appLog))
    }
}

@MainActor
func showSaved(in container: Container) {
    container.load(.banner)?.show("Saved")  // on the main actor: synchronous
}

func showSavedInBackground(in container: Container) async {
    await container.loadAsync(.banner)?.show("Saved")  // hops to the main actor
}

@Suite("Swift concurrency examples")
struct IsolationExamplesTests {
    @Test("Main-actor registration with a resolver, loaded on the main actor and from a task")
    @MainActor
    func mainActorRegistration() async throws {
        let container = Container()
        container.register(.appLog) { PrintLog() }
        container.registerOnMainActor(.banner, scope: .singleton) { resolver in
            BannerView(log: resolver.load(.appLog))
        }
        showSaved(in: container)
        await showSavedInBackground(in: container)
        let banner = try #require(container.load(.banner) as? BannerView)
        #expect(banner.shown == ["Saved", "Saved"])
        #expect(banner.log != nil)
    }

    @Test("Main-actor registration without a resolver, and the isolation in registrations")
    func mainActorWithoutResolver() async {
        let container = Container()
        container.registerOnMainActor(.banner, scope: .singleton) { BannerView(log: nil) }
        for info in container.registrations where info.isolation != .nonisolated {
            print("\(info.id) needs `await container.loadAsync(_:)` off the main actor")
        }
        #expect(container.registrations.map(\.isolation) == [.mainActor])
        #expect(container.load(.banner) == nil, "off the main actor, nothing exists yet")
        Task.detached {
            let banner = await container.loadAsync(.banner)  // hops to the main actor
            await banner?.show("Saved")
        }
        #expect(await container.loadAsync(.banner) != nil)
    }

    @Test("Async factories, loaded with await")
    func asyncFactories() async throws {
        let container = Container()
        container.register(.appLog) { PrintLog() }
        container.registerAsync(.database, scope: .singleton) { resolver in
            try await Database.open(log: resolver.loadAsync(.appLog))
        }
        let database = try await container.requireAsync(.database)
        #expect(database.log != nil)
        #expect(container.load(.database) === database, "a created singleton loads synchronously")
    }

    @Test("An async factory without a resolver")
    func asyncFactoryWithoutResolver() async throws {
        let container = Container()
        container.registerAsync(.database, scope: .singleton) { try await Database.open(log: nil) }
        #expect(try await container.requireAsync(.database).log == nil)
    }

    @Test("Main-actor and async providers register like InjectProvider types")
    func providers() async throws {
        let container = Container()
        container.register(.appLog) { PrintLog() }
        container.register(BannerProvider.self)
        container.register(DatabaseProvider.self)
        #expect(container.registrations.map(\.isolation) == [.nonisolated, .mainActor, .asynchronous])
        #expect(
            container.registrations.first { $0.id == "BannerInjectID" }?.provider.hasSuffix("BannerProvider")
                == true)
        let database = try await container.requireAsync(.database)
        #expect(database.log != nil)
        let banner = await container.loadAsync(.banner)
        #expect(banner != nil)
    }

    @Test("An actor service needs nothing special")
    func actorService() async throws {
        let container = Container()
        container.register(.downloads, scope: .singleton) { DownloadQueue() }
        let downloads = try container.require(.downloads)
        await downloads.enqueue("Intro")
        #expect(await container.load(.downloads)?.count == 1)
    }
}
