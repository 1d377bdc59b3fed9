import DependencyContainer

/// The host's composition type, named like its target as the Testing article's
/// `AppComposition.register(into:)` is: the generated entry must not redeclare it, so it is
/// `DependencyContainerPluginHostFixtureGeneratedEntry`, and no alias takes this name.
public enum DependencyContainerPluginHostFixture {
    /// Registers the app's assembly, then the generated entry's load sites and inferred
    /// dependencies.
    public static func register(into container: Container) {
        NotifierAssembly.assemble(container)
        DependencyContainerPluginHostFixtureGeneratedEntry.register(into: container)
    }

    /// A load at launch, outside every factory: one of the entry's load sites.
    public static func launch(_ container: Container) -> SettingsScreen? {
        container.load(.type(SettingsScreen.self))
    }
}
