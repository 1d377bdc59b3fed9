import DependencyContainerKernel

extension Container {
    // MARK: Container-wide decorators

    /// Runs `decorator` on every service this container, or a container below it, makes from
    /// now on: Factory's `decorator`, for logging, metrics or wiring every service alike.
    ///
    /// It runs once per service made, after the registration's own creation hooks, on the
    /// thread or task that made it, before any load receives the service: for every scope, a
    /// transient service each time one is made, a singleton once. A load that hands out a
    /// service made earlier runs nothing, so a load of an existing singleton costs the same
    /// with decorators as without.
    ///
    /// Several decorators may run: those of the container that made the service first, in the
    /// order they were added, then its parent's, and so on up. A child container runs its
    /// ancestors' decorators; a parent never runs a child's. A cached service is made by the
    /// container its registration lives in, so a parent's singleton loaded through a child
    /// runs the parent's decorators only.
    ///
    /// ```swift
    /// let made = LockedValue<[String]>([])
    /// let token = container.decorateCreations { created in
    ///     made.withLock { $0.append(created.id) }
    /// }
    /// _ = container.load(.feed)  // made: ["FeedInjectID"]
    /// token.cancel()
    /// ```
    ///
    /// No lock is held while a decorator runs: it may load services, whose creations run the
    /// decorators too. A decorator registered while another thread makes a service may miss
    /// that service; once ``ObservationToken/cancel()`` returns, the decorator does not run
    /// again, except a call already running on another thread.
    ///
    /// - Parameter decorator: Receives each service made, with its ID and registration.
    /// - Returns: A token that keeps the decorator: dropping it, or cancelling it, removes the
    ///   decorator. It holds neither the container nor its services.
    /// - Complexity: O(*n*) in the decorators this container has, to add; each creation then
    ///   costs O(*d*) in the containers above the one that made it.
    public func decorateCreations(_ decorator: @escaping @Sendable (CreatedService) -> Void)
        -> ObservationToken
    {
        let key = creationDecorators.add(decorator)
        startDecoratingCreations()
        let decorators = WeakCreationDecorators(decorators: creationDecorators)
        return ObservationToken(
            ChangeObserver(
                id: "", subject: .registration, stores: [], handler: { _ in },
                onFinish: { decorators.decorators?.remove(key) }))
    }

    /// Makes this container and every container below it check for decorators when they make
    /// a service; a container made later inherits the flag from its parent.
    private func startDecoratingCreations() {
        guard !decoratesCreations.load() else { return }
        // The flag before the list of children: a child joining meanwhile is in the list read
        // next, or reads the flag set here (see `Container.init`).
        decoratesCreations.store(true)
        for child in children.live {
            child.startDecoratingCreations()
        }
    }

    // MARK: Running creation hooks

    /// Whether making a service of `registration` runs hooks: its own, or this container's or
    /// an ancestor's decorators.
    @inline(__always)
    func runsCreationHooks(_ registration: Registration) -> Bool {
        registration.hasCreationHook || decoratesCreations.load()
    }

    /// Runs `registration`'s creation hooks on `value`, then the decorators of the container
    /// that made it (the resolver's) and of its ancestors: the one place a synchronous
    /// creation runs them.
    func runCreationHooks(of registration: Registration, on value: Any, resolver: Resolver) throws {
        try Self.runCreationHooks(
            of: registration, on: value, resolver: resolver, decorating: decoratesCreations.load())
    }

    /// `runCreationHooks(of:on:resolver:)` with the decorator flag read by the caller: static,
    /// so that a factory's closure calling it captures no container, whose retain, once the
    /// container is weakly referenced, takes the slow path on every creation.
    static func runCreationHooks(
        of registration: Registration, on value: Any, resolver: Resolver, decorating: Bool
    ) throws {
        if registration.hasCreationHook {
            try registration.lifecycle?.runCreationHook(on: value, resolver: resolver)
        }
        if decorating {
            resolver.container.runDecorators(on: value, of: registration)
        }
    }

    /// Runs the decorators of this container and of its ancestors on `value`, nearest first,
    /// each list copied out of its lock before any runs, each decorator skipped once cancelled.
    func runDecorators(on value: Any, of registration: Registration) {
        var container: Container? = self
        var created: CreatedService?
        while let current = container {
            for entry in current.creationDecorators.current where !entry.isCancelled.load() {
                let service = created ?? CreatedService(service: value, registration: registration)
                created = service
                entry.decorator(service)
            }
            container = current.parent
        }
    }

    // MARK: Hooks that wait for a graph

    /// Whether the creation hooks of a service that belongs to one load, made now, wait: the
    /// nearest factory running on this thread that is not a transient one is a graph's
    /// (``DeferredCreationHook``).
    func defersCreationHooks(_ thread: ThreadState) -> Bool {
        for registration in thread.frames.reversed() where registration.scope != .transient {
            return registration.scope == .graph
        }
        return false
    }

    /// Runs the creation hooks waiting on this thread, in the order their services were made.
    func runDeferredCreationHooks(thread: ThreadState) throws(ContainerError) {
        while !thread.deferredCreationHooks.isEmpty {
            let next = thread.deferredCreationHooks.removeFirst()
            do {
                try runFactory(next.registration, thread: thread) { _ throws in
                    try runCreationHooks(of: next.registration, on: next.value, resolver: next.resolver)
                }
            } catch {
                for entry in [next] + thread.deferredCreationHooks where entry.registration.scope == .graph {
                    thread.graphInstances[ObjectIdentifier(entry.registration)] = nil
                }
                thread.deferredCreationHooks = []
                throw error
            }
        }
    }
}

/// A container's decorators, held weakly by the tokens that remove them.
private struct WeakCreationDecorators: Sendable {
    weak var decorators: CreationDecorators?
}
