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
