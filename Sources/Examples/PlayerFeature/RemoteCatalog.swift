import DCExampleAppInterfaces

/// The catalog as the server sent it.
struct RemoteCatalog: CatalogInject {
    private let all: [String]

    /// How many titles the catalog holds.
    var count: Int { all.count }

    /// Fetches the catalog; a pause stands in for the network.
    static func fetch() async throws -> RemoteCatalog {
        try await Task.sleep(for: .milliseconds(5))
        return RemoteCatalog(all: ["Intro", "Verse", "Chorus", "Bridge", "Outro"])
    }

    func titles(after title: String) -> [String] {
        guard let index = all.firstIndex(of: title) else { return Array(all.prefix(3)) }
        return Array(all[(index + 1)...].prefix(3))
    }
}
