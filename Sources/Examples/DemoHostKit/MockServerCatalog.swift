import DCExampleAppInterfaces
import DependencyContainer

/// The catalog of the `mockServer` context, which UI tests select by launching the app with
/// `DEPENDENCY_CONTAINER_CONTEXT=mockServer`: fixed titles, fetched from nowhere.
struct MockServerCatalog: CatalogInject {
    func titles(after title: String) -> [String] {
        ["Fixture One", "Fixture Two", "Fixture Three"]
    }
}

extension RegistrationContext {
    /// The UI tests' mock server.
    public static var mockServer: RegistrationContext { .named("mockServer") }
}

extension DemoHost {
    /// Registers what the UI tests' `mockServer` context replaces: the catalog.
    func registerMockServerServices() {
        container.registerAsync(.catalog, scope: .singleton, context: .mockServer) { MockServerCatalog() }
    }

    /// Logs the named contexts this run is in, and reports a context name that names none
    /// (a mistyped `DEPENDENCY_CONTAINER_CONTEXT`) through the diagnostics handler.
    public func logContexts() {
        let named = container.activeContexts.filter { $0.name != nil }
        if !named.isEmpty {
            log.write("host: contexts: \(named.map(\.description).joined(separator: ", "))")
        }
        container.reportUnknownContexts()
    }
}
