/// The load sites and inferred dependencies recorded in one container, for `verify()`, which
/// copies them out under the lock (copy on write) before it reads them.
final class LoadSiteBook: Sendable {
    /// A registration's place in source: `#fileID` and `#line`.
    struct SourcePlace: Hashable, Sendable {
        let file: String
        let line: Int
    }

    struct Contents: Sendable {
        var sites: [LoadSite] = []
        /// To drop duplicates: generated code registers a module each time.
        var seen: Set<LoadSite> = []
        var inferred: [SourcePlace: [Dependency]] = [:]
    }

    private let contents = LockedValue(Contents())

    /// Adds the sites not yet recorded, in order.
    func add(_ sites: [LoadSite]) {
        contents.withLock { contents in
            contents.sites.reserveCapacity(contents.sites.count + sites.count)
            for site in sites where contents.seen.insert(site).inserted {
                contents.sites.append(site)
            }
        }
    }

    /// Removes `sites`, such as those of a plugin that was deactivated.
    func remove(_ sites: [LoadSite]) {
        let removed = Set(sites)
        contents.withLock { contents in
            contents.sites.removeAll { removed.contains($0) }
            contents.seen.subtract(removed)
        }
    }

    /// Records, or replaces, the dependencies inferred for the registration at `place`.
    func infer(_ dependencies: [Dependency], at place: SourcePlace) {
        contents.withLock { $0.inferred[place] = dependencies }
    }

    /// The sites and inferred dependencies, as they are now.
    var snapshot: (sites: [LoadSite], inferred: [SourcePlace: [Dependency]]) {
        contents.withLock { ($0.sites, $0.inferred) }
    }
}
