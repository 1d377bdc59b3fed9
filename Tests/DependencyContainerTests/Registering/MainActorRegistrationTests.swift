import DependencyContainer
import Foundation
import Testing

@Suite("Container: main-actor registrations", .tags(.concurrency))
struct MainActorRegistrationTests {
    @Test("A main-actor factory creates a @MainActor class; a synchronous load on the main actor runs it")
    @MainActor
    func synchronousLoadOnMainActor() throws {
        let container = Container()
        container.registerOnMainActor(.banner) { BannerToast() }
        let banner = try #require(container.load(.banner) as? BannerToast)
        #expect(banner.madeOnMainThread)
        #expect(container.load(.banner) !== banner, "transient: a new banner per load")
        #expect(try container.require(.banner) is BannerToast)
        #expect(container.registrations.first?.isolation == .mainActor)
    }

    @Test("A main-actor factory loads other services through its resolver")
    @MainActor
    func factoryWithResolver() throws {
        let container = Container()
        container.register(.player) { StubPlayer(title: "Outro") }
        container.registerOnMainActor(.banner, scope: .singleton) { resolver in
            BannerToast(player: resolver.load(.player))
        }
        let banner = try #require(container.load(.banner) as? BannerToast)
        #expect(banner.player?.title == "Outro")
        #expect(container.load(.banner) === banner, "singleton")
    }

    @Test(
        "Off the main actor, a synchronous load never runs the factory: nil, a diagnostic, and a named error")
    func synchronousLoadOffMainActor() async throws {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let runs = Counter()
        container.registerOnMainActor(.banner, scope: .singleton) {
            runs.increment()
            return BannerToast()
        }
        let (loaded, thrown) = await onBackgroundThread { () -> (Bool, String) in
            let loaded = container.load(.banner) != nil
            do {
                _ = try container.require(.banner)
                return (loaded, "no error")
            } catch {
                return (loaded, "\(error)")
            }
        }
        #expect(!loaded)
        #expect(runs.count == 0)
        #expect(thrown.contains("'BannerInjectID' has a main-actor factory"))
        let event = try #require(log.all.first)
        guard case .failed(.unavailableSynchronously(let id, let isolation)) = event else {
            Issue.record("unexpected event \(event)")
            return
        }
        #expect(id == "BannerInjectID")
        #expect(isolation == .mainActor)
    }

    @Test(
        "A detached task's await load hops to the main actor; a singleton then loads synchronously anywhere")
    func awaitFromDetachedTask() async throws {
        let container = Container()
        let runs = Counter()
        container.registerOnMainActor(.banner, scope: .singleton) {
            runs.increment()
            return BannerToast()
        }
        // Only facts about the banner leave the task: that is all a detached task of an app needs.
        let (identity, madeOnMainThread, shown) = await Task.detached {
            () -> (ObjectIdentifier?, Bool, [String]) in
            guard let banner = await container.loadAsync(.banner) else { return (nil, false, []) }
            await banner.show("Saved")
            let made = (banner as? BannerToast)?.madeOnMainThread ?? false
            return (ObjectIdentifier(banner), made, await banner.shown)
        }.value
        #expect(identity != nil)
        #expect(madeOnMainThread)
        #expect(shown == ["Saved"])
        let again = await onBackgroundThread { container.load(.banner).map { ObjectIdentifier($0) } }
        #expect(again == identity, "an existing singleton may be handed out anywhere")
        #expect(runs.count == 1)
    }

    @Test("100 tasks awaiting one main-actor singleton get one service")
    func manyAwaiters() async throws {
        let container = Container()
        let runs = Counter()
        container.registerOnMainActor(.banner, scope: .singleton) {
            runs.increment()
            return BannerToast()
        }
        let identities = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<100 {
                group.addTask { await container.loadAsync(.banner).map { ObjectIdentifier($0) } }
            }
            return await group.reduce(into: Set<ObjectIdentifier?>()) { $0.insert($1) }
        }
        #expect(identities.count == 1)
        #expect(!identities.contains(nil))
        #expect(runs.count == 1)
    }

    @Test("A synchronous load during the main actor's creation returns nil at once instead of waiting")
    func noWaitingForMainActorCreation() async throws {
        let container = Container()
        let backgroundLoadFinished = DispatchSemaphore(value: 0)
        let sawNil = Protected<Bool?>(nil)
        container.registerOnMainActor(.banner, scope: .singleton) {
            // Still inside the main actor's creation: a background load must not wait for it.
            let thread = Thread {
                sawNil.withLock { $0 = container.load(.banner) == nil }
                backgroundLoadFinished.signal()
            }
            thread.start()
            _ = backgroundLoadFinished.wait(timeout: .now() + 60)
            return BannerToast()
        }
        let banner = await container.loadAsync(.banner)
        #expect(banner != nil)
        #expect(sawNil.withLock { $0 } == true, "the background load waited for the main actor, or never ran")
    }

    @Test("require on the main actor reports a throwing main-actor factory as factoryFailed")
    @MainActor
    func throwingFactory() {
        struct Broken: Error {}
        let container = Container()
        container.registerOnMainActor(.banner) { () throws -> any BannerInject in throw Broken() }
        #expect(throws: ContainerError.self) { try container.require(.banner) }
        #expect(container.load(.banner) == nil)
    }

    @Test("A synchronous load written in an async function stays synchronous")
    func synchronousLoadInAsyncFunction() async {
        let container = Container()
        container.register(.toast) { RecordingToast() }
        // No `await`: the async form has its own name, so this still calls the synchronous load.
        let toast = container.load(.toast)
        #expect(toast != nil)
        let viaDefault = container.load(.player, default: StubPlayer())
        #expect(viaDefault.title == "Intro")
    }
}
