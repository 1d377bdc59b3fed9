import DependencyContainer

/// The titles the app offers, fetched from a server when first needed: a service that takes
/// `await` to create.
public protocol CatalogInject: Sendable {
    /// The titles to suggest after `title`.
    ///
    /// - Parameter title: The title just played.
    /// - Returns: Up to three titles.
    func titles(after title: String) -> [String]
}

extension InjectID where Service == any CatalogInject {
    /// The catalog, made by an async factory of the player feature; load it with `await`.
    public static var catalog: Self { InjectID("CatalogInjectID") }
}
