import AppInterfaces
import DependencyContainer

/// Supplies the app's one event log.
enum AnalyticsProvider: InjectProvider {
    static var id: InjectID<any AnalyticsInject> { .analytics }
    static var scope: Scope { .singleton }

    static func make(with resolver: Resolver) -> any AnalyticsInject {
        EventLog()
    }
}
