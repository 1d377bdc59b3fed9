import DCExampleAppInterfaces
import DependencyContainer

/// Supplies the now-playing banner view, created on the main actor.
enum BannerProvider: MainActorInjectProvider {
    static var id: InjectID<any BannerInject> { .banner }
    static var scope: Scope { .singleton }

    @MainActor
    static func make(with resolver: Resolver) -> any BannerInject {
        BannerView(log: resolver.load(.appLog, default: PrintLog()))
    }
}
