extension PluginLoader {
    /// Whether a loader verifies a plugin in the host's container before it activates it.
    ///
    /// The check is `Container.verify()`'s, run on a child of the host's container holding
    /// copies of the plugin's registrations and its manifest's load sites
    /// (``PluginManifest/loadSites``): a registration of the plugin whose dependency the host
    /// does not provide, or a load site of the plugin whose ID neither provides, is a problem.
    /// It runs when `load(at:)` or `loadAll(in:)` loads a library and when a loaded plugin is
    /// activated again. An installed plugin is verified from its manifest (its provided IDs
    /// with the dependencies it declares for them, its contributions and its load sites) when
    /// `install(in:)` or `install(at:)` installs it and when it is activated again; one refused
    /// at install is not installed, so its library never loads and loads of its IDs get `nil`.
    /// Its first use keeps the install's verdict: it runs inside a host's load.
    ///
    /// ```swift
    /// let loader = PluginLoader(container: Container(), verificationPolicy: .refuse)
    /// ```
    public enum VerificationPolicy: Sendable, Hashable {
        /// No check before activating: the default.
        case off
        /// Check, activate anyway, and list what was found in
        /// ``LoadedPlugin/verificationProblems``.
        case report
        /// Check, and refuse a plugin with an error or a warning
        /// (``PluginLoadError/verificationFailed(path:plugin:problems:)``); notes, such as an
        /// optional load whose ID is absent, do not refuse it.
        case refuse
    }
}
