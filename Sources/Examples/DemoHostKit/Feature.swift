import AnalyticsFeature
import DependencyContainer
import PlayerFeature
import ToastFeature

/// A feature module the demo host can link in or leave out.
public enum Feature: String, CaseIterable, Sendable {
    /// The toast feature.
    case toast

    /// The player feature.
    case player

    /// The analytics feature.
    case analytics

    /// Registers the feature's services into `container` through its one entry point.
    ///
    /// - Parameter container: The host's container.
    func register(into container: Container) {
        switch self {
        case .toast:
            ToastFeature.register(into: container)
        case .player:
            PlayerFeature.register(into: container)
        case .analytics:
            AnalyticsFeature.register(into: container)
        }
    }
}
