extension Resolver {
    /// A handle that makes the service registered under `id` from each call's argument.
    ///
    /// Each call loads in this resolver's context. See ``ArgumentProvider``.
    ///
    /// ```swift
    /// container.register(.streamOpener) { resolver in
    ///     StreamOpener(makeStream: resolver.provider(.stream))
    /// }
    /// ```
    ///
    /// - Parameter id: The argument ID to load.
    /// - Returns: The handle.
    public func provider<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>)
        -> ArgumentProvider<Argument, Service>
    {
        ArgumentProvider(id, context: self)
    }

    /// A handle that makes the service registered under `id` from `argument` on first use.
    ///
    /// It loads once, in this resolver's context. See ``ArgumentLazy``.
    ///
    /// - Parameters:
    ///   - id: The argument ID to load.
    ///   - argument: The value the factory makes the service from.
    /// - Returns: A handle that has loaded nothing yet.
    public func lazy<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>, argument: Argument)
        -> ArgumentLazy<Argument, Service>
    {
        ArgumentLazy(id, argument: argument, context: self)
    }
}

extension Container {
    /// A handle that makes the service registered under `id` from each call's argument.
    ///
    /// Each call loads as this container sees it with the calling task's overrides. See
    /// ``ArgumentProvider``.
    ///
    /// ```swift
    /// let makeStream = container.provider(.stream)
    /// let stream = makeStream(URL(string: "https://example.com/live.m3u8")!)
    /// ```
    ///
    /// - Parameter id: The argument ID to load.
    /// - Returns: The handle.
    public func provider<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>)
        -> ArgumentProvider<Argument, Service>
    {
        ArgumentProvider(id, context: Resolver(container: self, overrides: OverrideScope.current))
    }

    /// A handle that makes the service registered under `id` from `argument` on first use.
    ///
    /// It loads once, as this container sees it with the calling task's overrides. See
    /// ``ArgumentLazy``.
    ///
    /// ```swift
    /// let lazyStream = container.lazy(.stream, argument: liveURL)
    /// let stream = lazyStream.value  // made here, once
    /// ```
    ///
    /// - Parameters:
    ///   - id: The argument ID to load.
    ///   - argument: The value the factory makes the service from.
    /// - Returns: A handle that has loaded nothing yet.
    public func lazy<Argument, Service>(_ id: ArgumentInjectID<Argument, Service>, argument: Argument)
        -> ArgumentLazy<Argument, Service>
    {
        ArgumentLazy(
            id, argument: argument, context: Resolver(container: self, overrides: OverrideScope.current))
    }
}
