import DependencyContainer
import Testing

final class NowPlayingView {
    @Injected(.toast, container: InjectedTests.container) var toast: (any ToastInject)?
}

@Suite("Injected", .serialized)
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
        var holder = Holder()
        #expect(holder.value == "shared")
    }
}
