extension Container {
    /// Creates an empty container whose registrations that state no scope get `defaultScope`.
    ///
    /// Swinject's default object scope is `.graph`; a container made like this behaves as a
    /// Swinject container does for registrations without `.inObjectScope(...)`:
    ///
    /// ```swift
    /// let swinjectLike = Container(defaultScope: .graph)
    /// swinjectLike.register(.player) { resolver in Player(toast: resolver.load(.toast)) }
    /// ```
    ///
    /// - Parameters:
    ///   - parent: A container whose registrations this one inherits.
    ///   - defaultScope: The scope of a registration that states none (see ``defaultScope``).
    public convenience init(parent: Container? = nil, defaultScope: Scope) {
        self.init(parent: parent)
        reference.setDefaultScope(defaultScope)
    }

    /// The scope a registration gets when it states none: ``Scope/transient`` unless set, or
    /// the parent's default for a child container that sets none of its own.
    ///
    /// It applies when a registration is made: setting it changes no existing registration
    /// (see ``setScope(_:for:)``). It covers the `register`, `registerOnMainActor` and
    /// `registerAsync` verbs and ``RegistrationOptions`` without a scope; a provider type
    /// states its own scope (``InjectProviderOptions/scope``), and argument registrations and
    /// contributions are transient unless they state one.
    ///
    /// ```swift
    /// container.defaultScope = .singleton
    /// container.register(.analytics) { ConsoleAnalytics() }  // a singleton
    /// ```
    ///
    /// - Complexity: O(*d*) in the depth of the container's ancestry, with no lock unless
    ///   one of them has a default scope.
    public var defaultScope: Scope {
        get { reference.defaultScope }
        set { reference.setDefaultScope(newValue) }
    }
}
