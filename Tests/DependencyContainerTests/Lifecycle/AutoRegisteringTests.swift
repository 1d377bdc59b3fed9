import DependencyContainer
import Foundation
import Testing

// The app's conformance, as `AutoRegistering`'s documentation writes it. It applies to every
// container of this test process: `AppComposition` registers only for a test that asks.
extension Container: AutoRegistering {
    public func autoRegister() {
        AppComposition.registerAll(in: self)
    }
}

/// What the tests' `autoRegister()` does: the task's `registrations`, or nothing for the
/// containers of other tests.
enum AppComposition {
    @TaskLocal static var registrations: Registrations?

    static func registerAll(in container: Container) {
        registrations?.body(container)
    }
}

/// A task's registrations, boxed: a task-local of a bare closure type crashed in
/// `swift_task_localValuePush` in release builds (Swift 6.3.1, Linux), before any container code ran.
struct Registrations: Sendable {
    let body: @Sendable (Container) -> Void

    init(_ body: @escaping @Sendable (Container) -> Void) {
        self.body = body
    }
}

@Suite("Registrations every root container makes when it is created", .tags(.concurrency))
struct AutoRegisteringTests {
    @Test("A container without a parent runs autoRegister once, before its initializer returns")
    func rootContainer() throws {
        let toast = uniqueID(Connection.self)
        let runs = Counter()
        let container = AppComposition.$registrations.withValue(
            Registrations { container in
                runs.increment()
                container.register(toast, scope: .singleton) { Connection("toast") }
            }
        ) {
            Container()
        }
        #expect(runs.count == 1)
        let made = try container.require(toast)
        #expect(container.load(toast) === made)
    }

    @Test("A child container does not run it: it shares its parent's registrations and singletons")
    func childContainer() throws {
        let toast = uniqueID(Connection.self)
        let runs = Counter()
        try AppComposition.$registrations.withValue(
            Registrations { container in
                runs.increment()
                container.register(toast, scope: .singleton) { Connection("toast") }
            }
        ) { () throws in
            let parent = Container()
            let child = Container(parent: parent)
            #expect(runs.count == 1)
            let allInherited = child.registrations.allSatisfy { $0.isInherited }
            #expect(allInherited, "the child registered nothing of its own")
            let fromChild = try child.require(toast)
            #expect(try fromChild === parent.require(toast))
        }
    }

    @Test("The containers the package makes for itself, such as override scopes, do not run it")
    func internalContainers() throws {
        let runs = Counter()
        let id = uniqueID(Connection.self)
        try AppComposition.$registrations.withValue(Registrations { _ in runs.increment() }) { () throws in
            let container = Container()
            container.register(id) { Connection("real") }
            let overridden = container.withOverrides {
                $0.register(id) { Connection("fake") }
            } operation: {
                container.load(id)
            }
            #expect(overridden?.name == "fake")
            #expect(try container.require(id).name == "real")
            #expect(runs.count == 1)
        }
    }

    @Test("A root container made inside autoRegister does not run it again: no endless recursion")
    func containerMadeInside() {
        let runs = Counter()
        let inner = Protected<Container?>(nil)
        let outer = AppComposition.$registrations.withValue(
            Registrations { container in
                runs.increment()
                let made = Container()
                inner.withLock { $0 = made }
            }
        ) {
            Container()
        }
        #expect(runs.count == 1)
        #expect(inner.withLock { $0 } !== outer)
        // The next container made outside runs it again.
        AppComposition.$registrations.withValue(Registrations { _ in runs.increment() }) {
            _ = Container()
        }
        #expect(runs.count == 2)
    }

    @Test("The shared container runs it on its first use, once")
    func sharedOnFirstUse() throws {
        let id = uniqueID(Connection.self)
        let runs = Counter()
        let storage = AppComposition.$registrations.withValue(
            Registrations { container in
                runs.increment()
                container.register(id, scope: .singleton) { Connection("shared") }
            }
        ) {
            SharedContainer()
        }
        #expect(runs.count == 0, "made lazily: nothing runs before the first use")
        try AppComposition.$registrations.withValue(
            Registrations { container in
                runs.increment()
                container.register(id, scope: .singleton) { Connection("shared") }
            }
        ) { () throws in
            let first = storage.container
            #expect(runs.count == 1)
            #expect(storage.container === first)
            #expect(runs.count == 1)
            #expect(try first.require(id).name == "shared")
        }
    }

    @Test("autoRegister may use the shared container while it is being made: it finds it, no deadlock")
    func sharedRecursion() throws {
        let early = uniqueID(Connection.self)
        let late = uniqueID(Connection.self)
        let storage = SharedContainer()
        let seenInside = Protected<[Bool]>([])
        AppComposition.$registrations.withValue(
            Registrations { container in
                container.register(early) { Connection("early") }
                // What `Container.shared.load(...)` inside `autoRegister()` does.
                let inside = storage.container
                seenInside.withLock { $0 = [inside === container, inside.load(early) != nil] }
                container.register(late) { Connection("late") }
            }
        ) {
            let shared = storage.container
            #expect(seenInside.withLock { $0 } == [true, true])
            #expect(shared.load(late) != nil)
        }
    }

    @Test("Another thread's first use waits until autoRegister has returned")
    func otherThreadsWait() throws {
        let last = uniqueID(Connection.self)
        let storage = SharedContainer()
        let otherThreadStarts = DispatchSemaphore(value: 0)
        let otherThreadSaw = Protected<Bool?>(nil)
        let group = DispatchGroup()
        AppComposition.$registrations.withValue(
            Registrations { container in
                DispatchQueue.global().async(group: group) {
                    otherThreadStarts.signal()
                    otherThreadSaw.withLock { $0 = storage.container.load(last) != nil }
                }
                otherThreadStarts.wait()
                // Gives the other thread a chance to read before the registration below: it must wait.
                usleep(20_000)
                container.register(last) { Connection("last") }
            }
        ) {
            _ = storage.container
        }
        group.wait()
        #expect(otherThreadSaw.withLock { $0 } == true)
    }
}
