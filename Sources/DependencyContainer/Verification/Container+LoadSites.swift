extension Container {
    /// Records load sites, so that `verify()` checks them as it checks declared dependencies.
    ///
    /// RegistrationPlugin's generated `register(into:)` calls it with its target's sites; a
    /// module that registers nothing, such as an app's UI module, calls it by hand:
    ///
    /// ```swift
    /// let container = Container()
    /// container.addLoadSites([
    ///     LoadSite(
    ///         .require(.toast), file: "App/ContentView.swift", line: 12,
    ///         expression: "try container.require(.toast)")
    /// ])
    /// ```
    ///
    /// A site belongs to the container it is added to and is checked as a load from that
    /// container: `verify()` on it checks it in its lookup order (with the task's overrides); on a
    /// child container, in the lookup order a cached service of the ancestor sees, so that a
    /// registration only the child has never hides a site that loads from the ancestor. Adding
    /// a site twice records it once. Safe from any thread.
    ///
    /// - Parameter sites: The sites.
    /// - Complexity: O(*s*) in the sites added.
    public func addLoadSites(_ sites: [LoadSite]) {
        loadSiteBook.add(sites)
    }

    /// Removes load sites, so that `verify()` no longer checks them: those of a plugin the
    /// loader deactivated, whose code no longer runs.
    ///
    /// - Parameter sites: The sites.
    package func removeLoadSites(_ sites: [LoadSite]) {
        guard !sites.isEmpty else { return }
        loadSiteBook.remove(sites)
    }

    /// Records the dependencies the scanner read from the body of a closure registration made at
    /// `file:line`, the `#fileID` and `#line` its registration verb captured.
    ///
    /// `verify()` uses them for a registration of this container at that place that declares no
    /// `dependencies:` of its own (providers and contributions registered with `file:line:`
    /// included); one that declares its own keeps them. Recording a place again replaces what
    /// it had.
    ///
    /// ```swift
    /// let container = Container()
    /// container.addInferredDependencies(
    ///     [.require(.toast)], forRegistrationAt: "App/Setup.swift", line: 20)
    /// ```
    ///
    /// - Parameters:
    ///   - dependencies: What the factory loads.
    ///   - file: The registration's file, as `#fileID` spells it.
    ///   - line: The registration's line.
    public func addInferredDependencies(
        _ dependencies: [Dependency], forRegistrationAt file: String, line: Int
    ) {
        loadSiteBook.infer(dependencies, at: LoadSiteBook.SourcePlace(file: file, line: line))
    }
}
