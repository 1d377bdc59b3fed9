import DependencyContainer
import PortInterfaces

final class FeedServiceImpl: FeedService {
    let api: any APIClient
    let notifier: any Notifier
    let path: String
    init(api: any APIClient, notifier: any Notifier, path: String) {
        self.api = api
        self.notifier = notifier
        self.path = path
    }
    func refresh() -> Int {
        let items = api.fetch(path)
        notifier.notify("\(items.count) new items")
        return items.count
    }
}

final class FeedViewController: FeedScreen {
    let service: any FeedService
    var notifier: (any Notifier)?
    var toast: (any Toast)?
    init(service: any FeedService) { self.service = service }
}

/// The feed, once Swinject's `FeedAssembly`.
public enum FeedAssembly {
    /// Registers the feed service and its screen.
    public static func assemble(into container: Container) {
        container.register(.type(FeedService.self)) { r in
            let service = FeedServiceImpl(
                api: try r.require(.type(APIClient.self)), notifier: try r.require(.type(Notifier.self)),
                path: r.load(.type(KeyValueStore.self))?.value(for: "feedPath") ?? "/feed")
            return service
        }
        container.register(.type(FeedScreen.self), scope: .transient) { r in
            let screen = FeedViewController(service: try r.require(.type(FeedService.self)))
            // Swinject's `vc.toast = r.resolve(Toast.self)`, inside the factory.
            screen.notifier = r.load(.type(Notifier.self))
            screen.toast = r.load(.type(Toast.self))
            return screen
        }
    }
}
