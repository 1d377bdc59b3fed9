import Foundation

@testable import DependencyContainerInjectScanner

/// Reading generated entries in tests whose subject is not the places or load sites, which
/// ``LoadSiteGeneratorTests`` checks.
enum GeneratedSource {
    /// `source` without the `, file: "…", line: N` arguments of its registrations.
    static func withoutPlaces(_ source: String) -> String {
        source.replacingOccurrences(
            of: #", file: "[^"]*", line: [0-9]+"#, with: "", options: .regularExpression)
    }

    /// The registration calls of `register(into:)`, as written but without their places, and
    /// without the `addLoadSites` call every entry starts with.
    static func calls(_ source: String) -> [String] {
        withoutPlaces(source).split(separator: "\n").map { String($0).trimmingWhitespace() }.filter {
            $0.hasPrefix("container.") && $0 != "container.addLoadSites(loadSites)"
        }
    }
}
