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

    @Test("A factory that reads the property it is loading gets nil instead of waiting for itself")
    func reentrantRead() {
        let container = Container()
        let view = UncheckedBox(NowPlayingView(container: container))
        let inner = Protected<Bool?>(nil)
        container.register(.toast) { _ in
            let seen = view.value.toast
            inner.withLock { $0 = seen == nil }
            return RecordingToast()
        }
        #expect(view.value.toast != nil)
        #expect(inner.withLock { $0 } == true)
    }
}
