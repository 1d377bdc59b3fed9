import DependencyContainer
import DependencyContainerTesting
import Testing

// A singleton that depends on the toast, in a container of its own so that these tests
// alone decide when it is first created.

final class Jukebox: Sendable {
    let toast: (any ToastInject)?
    let origin: String

    init(toast: (any ToastInject)?, origin: String) {
        self.toast = toast
        self.origin = origin
    }
}

extension InjectID where Service == Jukebox {
    static var jukebox: Self { InjectID("JukeboxInjectID") }
}

let jukeboxContainer: Container = {
    let container = Container()
    container.register(.toast, scope: .singleton) { ConsoleToast() }
    container.register(.jukebox, scope: .singleton) { resolver in
        Jukebox(toast: resolver.load(.toast), origin: "container")
    }
    return container
}()

/// Whichever of these tests runs first creates the singleton, under its own override or none:
/// the singleton must never be wired with any test's mock, and an overriding singleton must
/// never be seen outside its test.
@Suite("Testing trait: cached services never capture a test's override", .tags(.concurrency))
struct CachedServiceIsolationTraitTests {
    @Test(
        "A singleton first loaded under a mocked dependency is built with the container's own",
        .overriding(jukeboxContainer) { $0.register(.toast) { RecordingToast() } })
    func mockedDependencyA() async {
        for _ in 0..<200 {
            #expect(
                jukeboxContainer.load(.toast) is RecordingToast, "the override applies to the test itself")
            #expect(jukeboxContainer.load(.jukebox)?.toast is ConsoleToast)
            await Task.yield()
        }
    }

    @Test(
        "A parallel test mocking the same dependency differently",
        .overriding(jukeboxContainer) { $0.register(.toast, scope: .singleton) { RecordingToast() } })
    func mockedDependencyB() async {
        for _ in 0..<200 {
            #expect(jukeboxContainer.load(.jukebox)?.toast is ConsoleToast)
            await Task.yield()
        }
    }

    @Test(
        "A test overriding the singleton itself keeps its own",
        .overriding(jukeboxContainer) { overrides in
            overrides.register(.jukebox, scope: .singleton) {
                Jukebox(toast: RecordingToast(), origin: "override")
            }
        })
    func overriddenSingleton() async {
        let first = jukeboxContainer.load(.jukebox)
        #expect(first?.origin == "override")
        for _ in 0..<200 {
            #expect(jukeboxContainer.load(.jukebox) === first)
            await Task.yield()
        }
    }

    @Test("Without an override, a test sees only the container's singleton")
    func noOverride() async {
        for _ in 0..<200 {
            let jukebox = jukeboxContainer.load(.jukebox)
            #expect(jukebox?.origin == "container")
            #expect(jukebox?.toast is ConsoleToast)
            await Task.yield()
        }
    }
}

// A parent whose screens (children) each load a singleton that an override adds to the
// parent: the singleton is cached in the override scope, shared by every screen, and must be
// made on the parent, whichever screen loads it first.

let screensParent: Container = {
    let container = Container()
    container.register(.toast, scope: .singleton) { ConsoleToast() }
    return container
}()

/// A screen with a toast of its own, which the parent's services must never see.
private func makeScreen(withOwnToast: Bool) -> Container {
    let screen = Container(parent: screensParent)
    if withOwnToast {
        screen.register(.toast) { RecordingToast() }
    }
    return screen
}

/// The override each of the parallel tests below adds to the parent.
private func overridingJukebox(_ overrides: Container) {
    overrides.register(.jukebox, scope: .singleton) { resolver in
        Jukebox(toast: resolver.load(.toast), origin: "override")
    }
}

@Suite("Testing trait: an override's cached service never captures a child's", .tags(.concurrency))
struct OverrideThroughChildTraitTests {
    @Test(
        "Loaded first through a screen with its own toast, the override's singleton has the parent's",
        .overriding(screensParent, overridingJukebox))
    func firstThroughOverridingScreen() async {
        let screenA = makeScreen(withOwnToast: true)
        let screenB = makeScreen(withOwnToast: false)
        let first = screenA.load(.jukebox)
        #expect(first?.toast is ConsoleToast, "screen A's toast leaked into the override's cache")
        for _ in 0..<200 {
            #expect(screenB.load(.jukebox) === first)
            #expect(screenA.load(.toast) is RecordingToast, "the screen's own loads see its toast")
            await Task.yield()
        }
    }

    @Test(
        "Loaded first through a plain screen, the same rule holds in a parallel test",
        .overriding(screensParent, overridingJukebox))
    func firstThroughPlainScreen() async {
        let screenA = makeScreen(withOwnToast: true)
        let screenB = makeScreen(withOwnToast: false)
        let first = screenB.load(.jukebox)
        #expect(first?.toast is ConsoleToast)
        for _ in 0..<200 {
            #expect(screenA.load(.jukebox) === first)
            await Task.yield()
        }
    }
}
