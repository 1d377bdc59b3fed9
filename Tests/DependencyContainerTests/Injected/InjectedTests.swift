import DependencyContainer
import Foundation
import Testing

final class NowPlayingView {
    @Injected var toast: (any ToastInject)?

    init(container: Container = InjectedTests.container) {
        _toast = Injected(.toast, container: container)
    }
}

/// A SwiftUI-style view: a struct that reads the property from non-mutating code.
struct NowPlayingBadge {
    @Injected var toast: (any ToastInject)?

    init(container: Container) {
        _toast = Injected(.toast, container: container)
    }

    func tap() {
        toast?.request(message: "tap", timeInterval: 1)
    }
}

@Suite("Injected", .serialized, .tags(.concurrency))
struct InjectedTests {
    static let container = Container()

    @Test("Resolves lazily on first read and keeps the service")
    func lazyResolution() {
        Self.container.removeAll()
        let counter = Counter()
        let view = NowPlayingView()
        Self.container.register(.toast) { _ in
            counter.increment()
            return RecordingToast()
        }
        #expect(counter.count == 0)
        let first = view.toast
        #expect(first != nil)
        #expect(view.toast === first)
        #expect(counter.count == 1)
    }

    @Test("A read that finds nothing tries again later")
    func retriesWhenAbsent() {
        Self.container.removeAll()
        let view = NowPlayingView()
        #expect(view.toast == nil)
        Self.container.register(.toast) { _ in RecordingToast() }
        #expect(view.toast != nil)
    }

    @Test("Defaults to Container.shared")
    func sharedByDefault() {
        let id = InjectID<String>("InjectedSharedDefault")
        Container.shared.register(id) { _ in "shared" }
        defer { Container.shared.unregister(id) }
        struct Holder {
            @Injected(InjectID<String>("InjectedSharedDefault")) var value: String?
        }
        let holder = Holder()
        #expect(holder.value == "shared")
    }

    @Test("Readable from a struct's non-mutating code; copies share what was loaded")
    func readableFromStructs() {
        let container = Container()
        let counter = Counter()
        container.register(.toast) { _ in
            counter.increment()
            return RecordingToast()
        }
        let badge = NowPlayingBadge(container: container)
        let copy = badge
        badge.tap()
        copy.tap()
        #expect(badge.toast === copy.toast)
        #expect(counter.count == 1)
    }

    @Test("Threads racing on the first read of a transient service load it once and agree")
    func racingFirstReads() {
        let container = Container()
        let counter = Counter()
        container.register(.toast) { _ in
            counter.increment()
            usleep(2_000)  // widens the race
            return RecordingToast()
        }
        let view = UncheckedBox(NowPlayingView(container: container))
        let seen = Protected<Set<ObjectIdentifier>>([])
        runOnThreads(8) { _ in
            guard let toast = view.value.toast else { return }
            seen.withLock { _ = $0.insert(ObjectIdentifier(toast)) }
        }
        #expect(counter.count == 1)
        #expect(seen.withLock { $0.count } == 1)
    }

    @Test("A factory that reads the property it is loading gets nil, and the load fails as a cycle")
    func reentrantRead() {
        let container = Container()
        let cycles = Protected<[[String]]>([])
        container.setDiagnosticsHandler { event in
            if case .failed(.cycle(let path)) = event { cycles.withLock { $0.append(path) } }
        }
        let view = UncheckedBox(NowPlayingView(container: container))
        let inner = Protected<Bool?>(nil)
        container.register(.toast) { _ in
            let seen = view.value.toast
            inner.withLock { $0 = seen == nil }
            return RecordingToast()
        }
        #expect(view.value.toast == nil)
        #expect(inner.withLock { $0 } == true)
        let id = InjectID<any ToastInject>.toast.name
        #expect(cycles.withLock { $0 } == [[id, id]])
    }

    @Test(
        "Two properties whose factories read each other, first read on two threads at once, fail as a cycle",
        arguments: [Scope.transient, .singleton])
    func crossThreadCycle(scope: Scope) {
        let container = Container()
        let first = InjectID<String>("InjectedCycleFirst")
        let second = InjectID<String>("InjectedCycleSecond")
        let firstValue = Injected(first, container: container)
        let secondValue = Injected(second, container: container)
        let cycles = Protected<[[String]]>([])
        container.setDiagnosticsHandler { event in
            if case .failed(.cycle(let path)) = event { cycles.withLock { $0.append(path) } }
        }
        // Each factory reads the other property only once both threads are inside a factory,
        // so that each read waits for the other thread's load.
        let inFactory = AtomicCounter(0)
        let rendezvous: @Sendable () -> Void = {
            inFactory.add(1)
            let deadline = DispatchTime.now() + 10
            while inFactory.load() < 2, DispatchTime.now() < deadline { sched_yield() }
        }
        container.register(first, scope: scope) { _ in
            rendezvous()
            return "first+" + (secondValue.wrappedValue ?? "nil")
        }
        container.register(second, scope: scope) { _ in
            rendezvous()
            return "second+" + (firstValue.wrappedValue ?? "nil")
        }
        let results = Protected<[String: String]>([:])
        let finished = DispatchSemaphore(value: 0)
        for (name, property) in [("first", firstValue), ("second", secondValue)] {
            // Detached, not joined: a deadlocked thread must not hang the test run too.
            pthread_detach(
                spawnThread {
                    let value = property.wrappedValue
                    results.withLock { $0[name] = value ?? "nil" }
                    finished.signal()
                })
        }
        for _ in 0..<2 where finished.wait(timeout: .now() + 30) == .timedOut {
            Issue.record("deadlock: first reads of two properties in a cycle never returned")
            return
        }
        // Each thread's load runs into the cycle (the second one to retry on its own thread).
        #expect(results.withLock { $0 } == ["first": "nil", "second": "nil"])
        let reported = cycles.withLock { $0 }
        #expect(!reported.isEmpty)
        for path in reported {
            #expect(path.count == 3 && path.first == path.last && Set(path) == [first.name, second.name])
        }
    }
}
