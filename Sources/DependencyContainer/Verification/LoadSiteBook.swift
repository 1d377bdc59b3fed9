/// The load sites and inferred dependencies recorded in one container, for `verify()`, which
/// copies them out under the lock (copy on write) before it reads them.
final class LoadSiteBook: Sendable {
    /// The sites in order; `seen` drops duplicates, as generated code registers a module each time.
    private let contents = LockedValue(
        (
            sites: [LoadSite](), seen: Set<LoadSite>(),
            inferred: [VerifiedRegistration.Location: [Dependency]]()
        ))

    /// Adds the sites not yet recorded, in order.
    func add(_ sites: [LoadSite]) {
        contents.withLock { contents in
            for site in sites where contents.seen.insert(site).inserted { contents.sites.append(site) }
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
    func infer(_ dependencies: [Dependency], at place: VerifiedRegistration.Location) {
        contents.withLock { $0.inferred[place] = dependencies }
    }

    /// The sites and inferred dependencies, as they are now.
    var snapshot: (sites: [LoadSite], inferred: [VerifiedRegistration.Location: [Dependency]]) {
        contents.withLock { ($0.sites, $0.inferred) }
    }
}
