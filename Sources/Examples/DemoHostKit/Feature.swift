/// A feature module the demo host can link in or leave out.
public enum Feature: String, CaseIterable, Sendable {
    /// The toast feature.
    case toast

    /// The player feature.
    case player

    /// The analytics feature.
    case analytics
}
