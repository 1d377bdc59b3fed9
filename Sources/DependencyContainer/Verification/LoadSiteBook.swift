/// The load sites and inferred dependencies recorded in one container, behind its lock, for
/// `verify()`, which copies them out (copy on write) before it reads them.
struct LoadSiteBook: Sendable {
    /// The sites in order; `seen` drops duplicates, as generated code registers a module each time.
    var sites: [LoadSite] = []
    var seen: Set<LoadSite> = []
    var inferred: [VerifiedRegistration.Location: [Dependency]] = [:]
}
