import DCExampleAppInterfaces
import DependencyContainer

/// Supplies the log-backed analytics service.
enum AnalyticsProvider: InjectProvider {
    static var id: InjectID<any AnalyticsInject> { .analytics }
    static var scope: Scope { .singleton }

    static func make(with resolver: Resolver) -> any AnalyticsInject {
        LogAnalytics(log: resolver.load(.appLog, default: PrintLog()))
    }
}
