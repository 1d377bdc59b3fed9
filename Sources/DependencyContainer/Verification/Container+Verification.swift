extension Container {
    /// Checks the declared dependencies of every registration this container's loads can
    /// reach, without running any factory, and reports every problem at once.
    ///
    /// A registration that declares nothing is unchecked, which keeps the report from
    /// ``VerificationReport/isClean``. See <doc:VerifyingTheComposition>.
    ///
    /// ```swift
    /// let report = container.verify()
    /// #expect(report.isClean, "\(report)")
    /// ```
    public func verify() -> VerificationReport {
        var verifier = CompositionVerifier(verifying: self)
        return verifier.report()
    }

    /// Checks as `verify()` does and, when `running` is `true`, also runs each checked factory
    /// once in a sandbox to catch the loads its declaration misses.
    ///
    /// Main-actor and async factories are run by ``verifyRunningIncludingIsolated()``.
    public func verify(running: Bool) -> VerificationReport {
        running ? RunningSandbox(checking: self).finish() : verify()
    }

    /// Runs every checked factory as `verify(running: true)` does, main-actor ones on the main
    /// actor and `async` ones awaited, in one sandbox.
    public func verifyRunningIncludingIsolated() async -> VerificationReport {
        var sandbox = RunningSandbox(checking: self)
        await sandbox.runEachIsolated()
        return sandbox.finish()
    }

    /// The last release's `async` running check: ``verifyRunningIncludingIsolated()``, or
    /// `verify()` without `running` (<doc:MigratingToVersion0Next>).
    @available(
        *, deprecated, renamed: "verifyRunningIncludingIsolated()",
        message: "renamed verifyRunningIncludingIsolated(); it runs main-actor and async factories as before"
    )
    public func verify(running: Bool) async -> VerificationReport {
        running ? await verifyRunningIncludingIsolated() : verify()
    }

    /// Records load sites, so that `verify()` checks them as loads from this container; a site
    /// added twice is recorded once (<doc:VerifyingTheComposition>).
    public func addLoadSites(_ sites: [LoadSite]) {
        loadSiteBook.withLock { book in
            for site in sites where book.seen.insert(site).inserted { book.sites.append(site) }
        }
    }

    /// Removes load sites, such as those of a plugin the loader deactivated.
    package func removeLoadSites(_ sites: [LoadSite]) {
        guard !sites.isEmpty else { return }
        let removed = Set(sites)
        loadSiteBook.withLock { book in
            book.sites.removeAll { removed.contains($0) }
            book.seen.subtract(removed)
        }
    }

    /// Records the dependencies the scanner read from the closure registered at `file:line`,
    /// which `verify()` uses for a registration there that declares none.
    public func addInferredDependencies(
        _ dependencies: [Dependency], forRegistrationAt file: String, line: Int
    ) {
        loadSiteBook.withLock {
            $0.inferred[VerifiedRegistration.Location(file: file, line: line)] = dependencies
        }
    }
}
