import DependencyContainer
import Foundation
import Testing

/// A view whose toast a test assigns.
///
/// `@unchecked Sendable`: the wrapper is set once, in `init`; the property is thread-safe.
private final class ToastScreen: @unchecked Sendable {
    @Injected var toast: (any ToastInject)?

    init(container: Container) {
        _toast = Injected(.toast, container: container)
    }
}

@Suite("Settable @Injected and its handle", .tags(.concurrency))
struct SettableInjectedTests {
    @Test("An assigned service is read back, and no factory runs for it")
    func assignedIsRead() {
        let container = Container()
        let counter = Counter()
        container.register(.toast) { _ in
            counter.increment()
            return RecordingToast()
        }
        let screen = ToastScreen(container: container)
        let mock = RecordingToast()
        screen.toast = mock
        #expect(screen.toast === mock)
        #expect(screen.$toast.hasLoaded)
        #expect(counter.count == 0)
    }

    @Test("Assigning nil forgets the service: the next read loads again")
    func assigningNilForgets() {
        let container = Container()
        let counter = Counter()
        container.register(.toast) { _ in
            counter.increment()
            return RecordingToast()
        }
        let screen = ToastScreen(container: container)
        let first = screen.toast
        #expect(screen.toast === first)
        screen.toast = nil
        #expect(!screen.$toast.hasLoaded)
        let second = screen.toast
        #expect(second != nil && second !== first)
        #expect(counter.count == 2)
    }

    @Test("The handle reports loading, resets, and reloads")
    func handle() {
        let container = Container()
        container.register(.toast) { _ in RecordingToast() }
        let screen = ToastScreen(container: container)
        let handle = screen.$toast
        #expect(handle.id == .toast)
        #expect(!handle.hasLoaded)
        let first = screen.toast
        #expect(handle.hasLoaded)
        handle.reset()
        #expect(!handle.hasLoaded)
        let second = screen.toast
        #expect(second !== first)
        let reloaded = handle.reload()
        #expect(reloaded != nil && reloaded !== second)
        #expect(screen.toast === reloaded)
    }

    @Test("A reload that finds nothing leaves the property empty, to load later")
    func reloadOfAbsent() {
        let container = Container()
        container.register(.toast) { _ in RecordingToast() }
        let screen = ToastScreen(container: container)
        #expect(screen.toast != nil)
        container.unregister(.toast)
        #expect(screen.$toast.reload() == nil)
        #expect(!screen.$toast.hasLoaded)
        container.register(.toast) { _ in RecordingToast() }
        #expect(screen.toast != nil)
    }

    @Test("An assignment made while a read loads wins over that load")
    func assignmentDuringLoadWins() {
        let container = Container()
        let mock = RecordingToast()
        let screen = ToastScreen(container: container)
        container.register(.toast) { _ in
            // The test's assignment arrives while the read's load runs.
            screen.toast = mock
            return RecordingToast()
        }
        #expect(screen.toast === mock)
        #expect(screen.toast === mock)
    }

    @Test("A reset made while a read loads keeps nothing of that load")
    func resetDuringLoadKeepsNothing() {
        let container = Container()
        let counter = Counter()
        let screen = ToastScreen(container: container)
        container.register(.toast) { _ in
            if counter.increment() == 1 { screen.$toast.reset() }
            return RecordingToast()
        }
        #expect(screen.toast != nil)
        #expect(!screen.$toast.hasLoaded)
        #expect(screen.toast != nil)
        #expect(counter.count == 2)
    }

    @Test("Reads and assignments from several threads: each read sees a whole service")
    func concurrentReadsAndAssignments() {
        let container = Container()
        let loaded = Counter()
        container.register(.toast) { _ in
            loaded.increment()
            return RecordingToast()
        }
        let screen = ToastScreen(container: container)
        let mocks = (0..<4).map { _ in RecordingToast() }
        let misses = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<500 {
                switch (worker + round) % 4 {
                case 0: screen.toast = mocks[round % mocks.count]
                case 1: screen.toast = nil
                case 2: screen.$toast.reset()
                default:
                    if screen.toast == nil { misses.increment() }
                }
            }
        }
        // A read always finds a service: an assigned one, or one loaded for it.
        #expect(misses.count == 0)
        let last = RecordingToast()
        screen.toast = last
        #expect(screen.toast === last)
        screen.toast = nil
        #expect(screen.toast != nil)
    }

    @Test("First reads racing on several threads load once")
    func racingFirstReadsLoadOnce() {
        let container = Container()
        let loaded = Counter()
        container.register(.toast) { _ in
            loaded.increment()
            return RecordingToast()
        }
        let screen = ToastScreen(container: container)
        let seen = LockedValue<Set<ObjectIdentifier>>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let toast = screen.toast {
                seen.withLock { _ = $0.insert(ObjectIdentifier(toast)) }
            }
        }
        #expect(loaded.count == 1)
        #expect(seen.withLock { $0.count } == 1)
    }
}
