import DCExampleAppInterfaces
import DependencyContainer

/// Supplies the catalog, fetched once however many tasks ask for it at the same time.
enum CatalogProvider: AsyncInjectProvider {
    static var id: InjectID<any CatalogInject> { .catalog }
    static var scope: Scope { .singleton }

    static func make(with resolver: Resolver) async throws -> any CatalogInject {
        let catalog = try await RemoteCatalog.fetch()
        resolver.load(.appLog, default: PrintLog()).write("catalog (async): fetched \(catalog.count) titles")
        return catalog
    }
}
