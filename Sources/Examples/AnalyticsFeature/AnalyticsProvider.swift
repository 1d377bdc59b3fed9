import DCExampleAppInterfaces
import DependencyContainer

/// Supplies the log-backed analytics service.
enum AnalyticsProvider: InjectProvider {
    static var id: InjectID<any AnalyticsInject> { .analytics }
    static var scope: Scope { .singleton }
    /// Analytics starts with the app, so that the first screen's events are not lost.
    static var lifecycle: ServiceLifecycle<any AnalyticsInject> { ServiceLifecycle(eager: true) }

    static func make(with resolver: Resolver) -> any AnalyticsInject {
        LogAnalytics(log: resolver.load(.appLog, default: PrintLog()))
    }
}
