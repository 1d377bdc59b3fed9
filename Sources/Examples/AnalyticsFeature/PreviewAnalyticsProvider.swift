import DCExampleAppInterfaces
import DependencyContainer

/// Supplies the analytics of an Xcode preview, which must send nothing: it answers instead of
/// ``AnalyticsProvider`` while the preview context is active (`XCODE_RUNNING_FOR_PREVIEWS=1`).
enum PreviewAnalyticsProvider: InjectProvider {
    static var id: InjectID<any AnalyticsInject> { .analytics }
    static var scope: Scope { .singleton }
    static var context: RegistrationContext? { .preview }

    static func make(with resolver: Resolver) -> any AnalyticsInject {
        PreviewAnalytics()
    }
}

/// Analytics for previews: drops every event.
final class PreviewAnalytics: AnalyticsInject {
    func track(_ event: String, properties: [String: String]) {}
}
