import DCExampleAppInterfaces

/// Writes analytics events to the app log.
final class LogAnalytics: AnalyticsInject {
    private let log: any AppLogInject

    init(log: any AppLogInject) {
        self.log = log
    }

    func track(_ event: String, properties: [String: String]) {
        let details = properties.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
            separator: " ")
        log.write("analytics: \(event) \(details)")
    }
}
