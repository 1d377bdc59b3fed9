extension Container {
    /// Contributes an element to an extension point.
    ///
    /// A contribution with the same name in this container is replaced; one in a parent is
    /// shadowed while loading through this container. The factory runs on each load or
    /// once, according to `scope`; an element in a named scope, such as ``Scope/session``,
    /// is shared until ``reset(scope:)``.
    ///
    /// ```swift
    /// container.contribute(to: .playerMenu, named: "share", priority: 10) { resolver in
    ///     MenuEntry(title: "Share")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - point: The extension point.
    ///   - name: The contribution's name, unique within the point; it decides the order among
    ///     contributions of equal priority.
    ///   - priority: Higher priorities load first. The default is 0.
    ///   - scope: How long created elements are reused.
    ///   - context: The context the contribution is for: while it is active, it stands in for
    ///     the default contribution of the same name; `nil`, the default, contributes always.
    ///   - onCreate: Runs once per element the container makes, before any load receives it.
    ///   - onDispose: Runs once per element the container kept (a singleton or named-scope
    ///     element) when it lets go of it.
    ///   - dependencies: The IDs the factory loads, which `verify()` checks without running it;
    ///     `nil`, the default, leaves the registration unchecked.
    ///   - verify: Whether `verify(running:)` may run the factory; `.skip` for one with side
    ///     effects.
    ///   - file: The contributing file, for diagnostics.
    ///   - line: The contributing line, for diagnostics.
    ///   - factory: Creates the element.
    /// - Returns: Whether the contribution was added, replaced one of the same name, or was
    ///   rejected because a name is invalid or the point's name is registered as a service
    ///   or as a point of another element type.
    @discardableResult
    public func contribute<Element>(
        to point: ExtensionPoint<Element>,
        named name: String,
        priority: Int = 0,
        scope: Scope = .transient,
        context: RegistrationContext? = nil,
        onCreate: (@Sendable (Element, Resolver) throws -> Void)? = nil,
        onDispose: (@Sendable (Element) throws -> Void)? = nil,
        dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> Element
    ) -> RegistrationOutcome {
        contribute(
            to: point, named: name, priority: priority,
            options: RegistrationOptions(
                scope: scope, context: context,
                lifecycle: ServiceLifecycle(onCreate: onCreate, onDispose: onDispose),
                dependencies: dependencies, runningCheck: verify),
            file: file, line: line, factory: factory)
    }

    /// Contributes an element to an extension point, with its options stated as one value.
    ///
    /// ```swift
    /// let options = RegistrationOptions<MenuEntry>(scope: .singleton, dependencies: [])
    /// container.contribute(to: .playerMenu, named: "share", options: options) { _ in
    ///     MenuEntry(title: "Share")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - point: The extension point.
    ///   - name: The contribution's name, unique within the point.
    ///   - priority: Higher priorities load first. The default is 0.
    ///   - options: The scope, context, lifecycle, declared dependencies and running check.
    ///   - file: The contributing file, for diagnostics.
    ///   - line: The contributing line, for diagnostics.
    ///   - factory: Creates the element.
    /// - Returns: Whether the contribution was added, replaced one of the same name, or rejected.
    @discardableResult
    public func contribute<Element>(
        to point: ExtensionPoint<Element>,
        named name: String,
        priority: Int = 0,
        options: RegistrationOptions<Element>,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> Element
    ) -> RegistrationOutcome {
        addContribution(
            to: point, named: name, priority: priority,
            registration: Registration(
                id: contributionID(point.name, name), settings: options.settings,
                provider: .closure(file: file, line: line), factory: TypedFactory(factory)))
    }

    /// The `contribute(to:named:)` above, for a factory that does not take a ``Resolver``.
    @discardableResult
    public func contribute<Element>(
        to point: ExtensionPoint<Element>,
        named name: String,
        priority: Int = 0,
        scope: Scope = .transient,
        context: RegistrationContext? = nil,
        onCreate: (@Sendable (Element, Resolver) throws -> Void)? = nil,
        onDispose: (@Sendable (Element) throws -> Void)? = nil,
        dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run,
        file: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable () throws -> Element
    ) -> RegistrationOutcome {
        contribute(
            to: point, named: name, priority: priority, scope: scope, context: context, onCreate: onCreate,
            onDispose: onDispose,
            dependencies: dependencies, verify: verify, file: file, line: line
        ) { _ in
            try factory()
        }
    }

    /// Removes this container's contribution named `name` from `point`.
    ///
    /// - Parameters:
    ///   - name: The contribution's name.
    ///   - point: The extension point.
    /// - Returns: Whether this container had such a contribution.
    @discardableResult
    public func removeContribution<Element>(named name: String, from point: ExtensionPoint<Element>) -> Bool {
        store.modify { entries -> Bool in
            guard let existing = entries[point.name], let contributions = existing.contributions,
                let (set, dropped) = contributions.removing(named: name)
            else { return false }
            entries.replacePoint(
                point.name, with: set.count == 0 ? nil : Registration(copying: existing, contributions: set),
                dropping: [dropped.registration])
            return true
        }
    }

    /// The names of the contributions a load of `point` returns, in load order.
    ///
    /// - Parameter point: The extension point.
    /// - Returns: The contribution names, without creating any element.
    public func contributions<Element>(to point: ExtensionPoint<Element>) -> [String] {
        contributionEntries(
            pointNamed: point.name, marker: ExtensionPointMarker<Element>.self, elementType: Element.self,
            thread: ThreadState.current
        ).entries.map(\.name)
    }

    /// How many entries merges copied while this container's contributions to `point` were
    /// added and removed, or `nil` when it has none.
    ///
    /// For a test that checks that contributing *n* elements copies O(*n* log *n*) entries in
    /// all rather than O(*n*²), which no timing could show reliably on a shared machine.
    ///
    /// - Parameter point: The extension point.
    /// - Returns: The count since the point's first contribution.
    package func mergedContributionEntries<Element>(of point: ExtensionPoint<Element>) -> Int? {
        store.read { $0[point.name]?.contributions?.mergedEntries }
    }

    // MARK: Internals

    /// The ID of a contribution's registration, shown in errors and cycle paths.
    func contributionID(_ point: String, _ name: String) -> String {
        "\(point)[\(name)]"
    }

    /// Adds a contribution's registration to the point's set in this container.
    func addContribution<Element>(
        to point: ExtensionPoint<Element>, named name: String, priority: Int, registration: Registration
    ) -> RegistrationOutcome {
        for checked in [point.name, name] {
            if let problem = IDValidation.problem(with: checked) {
                let error = ContainerError.invalidID(checked, reason: problem)
                report(.rejected(error))
                return .rejected(error)
            }
        }
        if let error = admitContext(of: registration) {
            report(.rejected(error))
            return .rejected(error)
        }
        let entry = ContributionSet.Entry(name: name, priority: priority, registration: registration)
        func pointRegistration(with set: ContributionSet) -> Registration {
            Registration(
                id: point.name, settings: RegistrationSettings(),
                provider: .type(ExtensionPoint<Element>.self),
                factory: TypedFactory { _ in ExtensionPointMarker<Element>() },
                parts: Registration.Parts(contributions: set))
        }
        let outcome = store.modify { entries -> ContributionOutcome in
            let existing = entries[point.name]
            var contributions: ContributionSet?
            if let existing {
                guard let set = existing.contributions,
                    existing.produces(ExtensionPointMarker<Element>.self) || existing.isPlaceholderPoint
                else {
                    return .conflict(existing.serviceTypeName)
                }
                // A point of a plugin's placeholders only takes this contribution's type.
                contributions =
                    existing.produces(ExtensionPointMarker<Element>.self) ? set : set.retyped(Element.self)
            }
            // With a context, or beside one: of each name, the contribution that answers.
            if registration.context != nil || entries.contexts?.parkedContributions[point.name] != nil {
                var table = entries.contexts ?? ContextTable()
                var rewrite = PointRewrite(
                    set: contributions ?? ContributionSet(elementType: Element.self, entries: []),
                    parked: table.parkedContributions[point.name] ?? [])
                let replaced = rewrite.add(entry, active: table.active)
                // Kept when empty: a context's contribution that answers now still follows the contexts.
                table.parkedContributions[point.name] = rewrite.parked
                entries.contexts = table
                // Kept even when none answers: the point's registration holds the waiting ones' type.
                entries.replacePoint(
                    point.name, with: pointRegistration(with: rewrite.set), dropping: rewrite.dropped)
                return replaced.map { .replaced($0.registration) } ?? .added
            }
            let (set, replaced) =
                contributions?.adding(entry) ?? (
                    ContributionSet(elementType: Element.self, entries: [entry]), nil
                )
            entries.replacePoint(
                point.name, with: pointRegistration(with: set),
                dropping: replaced.map { [$0.registration] } ?? [])
            return replaced.map { .replaced($0.registration) } ?? .added
        }
        // Reported after unlocking, so that a handler may use the container.
        switch outcome {
        case .added:
            reportIgnoredScope(of: registration)
            return .added
        case .replaced(let old):
            reportIgnoredScope(of: registration)
            report(.replaced(previous: old.info, replacement: registration.info))
            return .replaced(old.info)
        case .conflict(let actualType):
            let error = ContainerError.typeMismatch(
                id: point.name, requestedType: "extension point of \(typeName(Element.self))",
                actualType: actualType)
            report(.rejected(error))
            return .rejected(error)
        }
    }

    /// The contributions a load of the point named `name` uses, in load order, and the
    /// error for a registration of that name that is not a point of the element type.
    ///
    /// Not generic, like the rest of the read path: the marker type stands for the element.
    func contributionEntries(
        pointNamed name: String, marker: Any.Type, elementType: Any.Type, thread: ThreadState
    ) -> (entries: [ContributionSet.Entry], mismatch: ContainerError?) {
        var first: ContributionSet?
        var more: [ContributionSet] = []
        var mismatch: ContainerError?
        func consider(_ registration: Registration) {
            guard let set = registration.contributions,
                ObjectIdentifier(registration.serviceType) == ObjectIdentifier(marker)
                    || registration.isPlaceholderPoint
            else {
                if mismatch == nil {
                    mismatch = .typeMismatch(
                        id: name, requestedType: "extension point of \(typeName(elementType))",
                        actualType: registration.serviceTypeName)
                }
                return
            }
            if first == nil { first = set } else { more.append(set) }
        }
        // The lookup order of rule 5, without stopping at the first registration found.
        _ = walkLookupOrder(overrides: OverrideScope.current) { place in
            if let registration = place.store.registration(named: name, thread: thread) {
                consider(registration)
            }
            return .absent
        }
        traceLookup(of: name, found: first != nil, thread: thread)
        guard let first else { return ([], mismatch) }
        guard !more.isEmpty else { return (first.entries, mismatch) }
        // The nearest contribution of each name wins; then the documented order.
        var seen = Set<String>()
        var merged: [ContributionSet.Entry] = []
        for set in [first] + more {
            for entry in set.entries where seen.insert(entry.name).inserted {
                merged.append(entry)
            }
        }
        merged.sort(by: ContributionSet.precedes)
        return (merged, mismatch)
    }
}

/// What adding a contribution did.
private enum ContributionOutcome {
    case added
    case replaced(Registration)
    case conflict(String)
}

extension Container {
    /// Adds the contribution that a contribution type describes.
    ///
    /// ```swift
    /// container.contribute(ShareMenuEntry.self)
    /// ```
    ///
    /// - Parameters:
    ///   - contribution: The contribution type.
    ///   - dependencies: What its factory loads, for `verify()`; `nil`, the default, takes the
    ///     contribution's own `dependencies`.
    ///   - file: Where the contribution is, for `verify()`'s problems: the caller's, or the
    ///     contribution's declaration that generated code passes.
    ///   - line: The line of `file`.
    /// - Returns: Whether the contribution was added, replaced one of the same name, or rejected.
    @discardableResult
    public func contribute<Contribution: InjectContribution>(
        _ contribution: Contribution.Type, dependencies: [Dependency]? = nil, file: StaticString = #fileID,
        line: UInt = #line
    ) -> RegistrationOutcome {
        addContribution(
            to: Contribution.id, named: Contribution.name, priority: Contribution.priority,
            registration: Registration(
                id: contributionID(Contribution.id.name, Contribution.name),
                settings: Contribution.options.declaring(dependencies).settings,
                provider: .declaredType(Contribution.self, file: file, line: line),
                factory: TypedFactory { try Contribution.make(with: $0) })
        )
    }
}

/// A type a registration hands its loads, and how: what the plugin loader compares with the
/// host's shared interface types.
package struct HandedType {
    package enum Role: Sendable {
        /// The service a load returns.
        case service
        /// An extension point's element type, which each of its contributions returns.
        case element
        /// The argument an argument registration's loads pass in.
        case argument
    }

    package let role: Role
    package let type: Any.Type
}

extension Container {
    /// The types each registration this container makes itself hands its loads, by ID.
    ///
    /// A service's type, an extension point's element type, an argument registration's
    /// argument and service types; inherited registrations are not included.
    ///
    /// For the plugin loader's check that a plugin hands the host the host's own interface
    /// types, not those of another copy of their module, which no load of the host's could
    /// cast: a point's registration is typed by a marker, an argument registration by its
    /// factory, so their service types alone name no interface.
    package var ownHandedTypes: [String: [HandedType]] {
        store.read { entries in
            entries.mapValues { registration in
                if let contributions = registration.contributions {
                    return [HandedType(role: .element, type: contributions.elementType)]
                }
                if let factory = registration.argumentFactory {
                    return [
                        HandedType(role: .argument, type: factory.argumentType),
                        HandedType(role: .service, type: factory.serviceType),
                    ]
                }
                return [HandedType(role: .service, type: registration.serviceType)]
            }
        }
    }
}
