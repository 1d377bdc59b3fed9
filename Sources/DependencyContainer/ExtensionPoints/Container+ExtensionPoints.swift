extension Container {
    /// Contributes an element to an extension point (see ``ExtensionPoint``, <doc:PluginRegistries>).
    ///
    /// A contribution of the same name in this container is replaced; one in a parent is
    /// shadowed; one for a `context` stands in for the default one while the context is active.
    /// - Returns: Whether it was added, replaced one of the same name, or was rejected: an invalid
    ///   name, or a point's name registered as a service or as a point of another element type.
    @discardableResult
    public func contribute<Element>(
        to point: ExtensionPoint<Element>, named name: String, priority: Int = 0, scope: Scope = .transient,
        context: RegistrationContext? = nil, onCreate: (@Sendable (Element, Resolver) throws -> Void)? = nil,
        onDispose: (@Sendable (Element) throws -> Void)? = nil, dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run, file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> Element
    ) -> RegistrationOutcome {
        contribute(
            to: point, named: name, priority: priority,
            options: RegistrationOptions(
                scope: scope, context: context,
                lifecycle: ServiceLifecycle(onCreate: onCreate, onDispose: onDispose),
                dependencies: dependencies, runningCheck: verify), file: file, line: line, factory: factory)
    }

    /// The `contribute(to:named:)` above, for a factory that does not take a ``Resolver``.
    @discardableResult
    public func contribute<Element>(
        to point: ExtensionPoint<Element>, named name: String, priority: Int = 0, scope: Scope = .transient,
        context: RegistrationContext? = nil, onCreate: (@Sendable (Element, Resolver) throws -> Void)? = nil,
        onDispose: (@Sendable (Element) throws -> Void)? = nil, dependencies: [Dependency]? = nil,
        verify: RunningCheck = .run, file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable () throws -> Element
    ) -> RegistrationOutcome {
        contribute(
            to: point, named: name, priority: priority, scope: scope, context: context, onCreate: onCreate,
            onDispose: onDispose, dependencies: dependencies, verify: verify, file: file, line: line
        ) { _ in try factory() }
    }

    /// Contributes an element to an extension point, with its options stated as one value.
    @discardableResult
    public func contribute<Element>(
        to point: ExtensionPoint<Element>, named name: String, priority: Int = 0,
        options: RegistrationOptions<Element>, file: StaticString = #fileID, line: UInt = #line,
        factory: @escaping @Sendable (Resolver) throws -> Element
    ) -> RegistrationOutcome {
        contribute(
            to: point, named: name, priority: priority, options.settings(), .closure(file: file, line: line),
            TypedFactory(factory))
    }

    /// Adds the contribution that a contribution type describes (see ``InjectContribution``).
    @discardableResult
    public func contribute<Contribution: InjectContribution>(
        _ contribution: Contribution.Type, dependencies: [Dependency]? = nil, file: StaticString = #fileID,
        line: UInt = #line
    ) -> RegistrationOutcome {
        contribute(
            to: Contribution.id, named: Contribution.name, priority: Contribution.priority,
            Contribution.options.declaring(dependencies).settings(),
            .declaredType(Contribution.self, file: file, line: line),
            TypedFactory { try Contribution.make(with: $0) })
    }

    /// Admits a contribution to `point`: what every `contribute` spelling calls.
    private func contribute<Element>(
        to point: ExtensionPoint<Element>, named name: String, priority: Int,
        _ settings: RegistrationSettings,
        _ provider: ProviderDescription, _ factory: TypedFactory<Element>
    ) -> RegistrationOutcome {
        let registration = Registration(
            id: "\(point.name)[\(name)]", settings: settings, provider: provider, factory: factory)
        let template = Registration(
            id: point.name, settings: RegistrationSettings(), provider: .type(ExtensionPoint<Element>.self),
            factory: TypedFactory { _ in ExtensionPointMarker<Element>() },
            parts: Registration.Parts(contributions: ContributionSet(elementType: Element.self, entries: [])))
        return add(
            template,
            to: .contributions([
                ContributionSet.Entry(name: name, priority: priority, registration: registration)
            ]))
    }

    /// Removes this container's contribution named `name` from `point`; returns whether it had one.
    @discardableResult
    public func removeContribution<Element>(named name: String, from point: ExtensionPoint<Element>) -> Bool {
        store.modify { entries -> Bool in
            guard let existing = entries[point.name], let contributions = existing.contributions,
                let (set, dropped) = contributions.removing(named: name)
            else { return false }
            entries.setEntry(
                point.name, to: set.count == 0 ? nil : Registration(copying: existing, contributions: set),
                dropping: [dropped.registration])
            return true
        }
    }

    /// The names of the contributions a load of `point` returns, in load order, creating none.
    public func contributions<Element>(to point: ExtensionPoint<Element>) -> [String] {
        contributionEntries(
            pointNamed: point.name, marker: ExtensionPointMarker<Element>.self, elementType: Element.self,
            thread: ThreadState.current
        ).entries.map(\.name)
    }

    /// The contributions a load of the point named `name` uses, in load order, and the
    /// error for a registration of that name that is not a point of the element type.
    func contributionEntries(
        pointNamed name: String, marker: Any.Type, elementType: Any.Type, thread: ThreadState
    ) -> (entries: [ContributionSet.Entry], mismatch: ContainerError?) {
        // The nearest set apart: a point that one container registers, the common case,
        // allocates no array.
        var nearest: ContributionSet?
        var sets: [ContributionSet] = []
        var mismatch: ContainerError?
        // The lookup order of rule 5, without stopping at the first registration found.
        _ = walkLookupOrder(overrides: OverrideScope.current) { place in
            guard let registration = place.store.registration(named: name, thread: thread) else {
                return .absent
            }
            if let set = registration.contributions,
                ObjectIdentifier(registration.serviceType) == ObjectIdentifier(marker)
                    || registration.isPlaceholderPoint
            {
                if nearest == nil { nearest = set } else { sets.append(set) }
            } else if mismatch == nil {
                mismatch = .typeMismatch(
                    id: name, requestedType: "extension point of \(typeName(elementType))",
                    actualType: registration.serviceTypeName)
            }
            return .absent
        }
        emit(.lookedUp(name, found: nearest != nil), thread: thread)
        guard let nearest, !sets.isEmpty else { return (nearest?.entries ?? [], mismatch) }
        // The nearest contribution of each name wins; then the documented order.
        var seen = Set<String>()
        let merged = ([nearest] + sets).flatMap(\.entries).filter { seen.insert($0.name).inserted }
        return (merged.sorted(by: ContributionSet.precedes), mismatch)
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
    package var ownHandedTypes: [String: [HandedType]] {
        store.read { entries in
            entries.compactMapValues { registration in
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
