extension Container {
    // MARK: Entry points of argument loads

    /// Makes the service registered under `name` from `argument`, for
    /// ``load(_:argument:)``: `nil` when it is absent or fails, the failure reported.
    func loadService<Argument, Service>(named name: String, argument: Argument, as _: Service.Type)
        -> Service?
    {
        let thread = ThreadState.current
        guard let registration = registrationReportingMiss(named: name, as: Service.self, thread: thread)
        else {
            return nil
        }
        return reportingFailure(thread: thread) { () throws(ContainerError) -> Service in
            try resolve(registration, argument: argument, as: Service.self, thread: thread)
        }
    }

    /// Makes the service registered under `name` from `argument`, for
    /// ``require(_:argument:)``.
    func requireService<Argument, Service>(named name: String, argument: Argument, as _: Service.Type)
        throws(ContainerError) -> Service
    {
        let thread = ThreadState.current
        let registration = try requiredRegistration(named: name, as: Service.self, thread: thread)
        return try resolve(registration, argument: argument, as: Service.self, thread: thread)
    }

    // MARK: Entry points of extension-point loads

    /// Loads every contribution to `point` for ``load(_:)->[Element]``: a contribution that
    /// fails is left out, its failure reported.
    func loadElements<Element>(of point: ExtensionPoint<Element>) -> [Element] {
        let thread = ThreadState.current
        var (entries, mismatch) = contributionEntries(
            pointNamed: point.name, marker: ExtensionPointMarker<Element>.self, elementType: Element.self,
            thread: thread)
        // The list a service made now holds changes when a plugin contributes or leaves.
        noteLookupWithoutProvider(of: point.name, thread: thread, isExtensionPoint: true)
        var publishedCount = 0
        var placeholders = false
        for entry in entries {
            if entry.registration.hasPublished(Element.self) {
                publishedCount += 1
            } else if entry.registration.isPlaceholderContribution {
                placeholders = true
            }
        }
        if placeholders {
            (entries, mismatch) = runningPlaceholders(
                in: entries, pointNamed: point.name, marker: ExtensionPointMarker<Element>.self,
                elementType: Element.self, thread: thread)
            publishedCount = entries.reduce(0) { $0 + ($1.registration.hasPublished(Element.self) ? 1 : 0) }
        }
        if let mismatch {
            report(.failed(mismatch))
        }
        // No published element, the common case for transient contributions: no read section.
        guard publishedCount > 0 else {
            var elements: [Element] = []
            elements.reserveCapacity(entries.count)
            for entry in entries {
                if let element: Element = resolvedElement(entry.registration, thread: thread) {
                    elements.append(element)
                }
            }
            return elements
        }
        guard publishedCount == entries.count else {
            return loadMixedElements(entries, thread: thread)
        }
        // All published: read in place and handed over in one read section, which runs no
        // code of the app, so that no write disposes of an element this load returns.
        var elements: [Element] = []
        elements.reserveCapacity(entries.count)
        thread.beginRead(.any)
        for entry in entries {
            guard let element = entry.registration.publishedSingleton(as: Element.self) else { break }
            elements.append(element)
        }
        thread.endRead()
        // A write retired one meanwhile: its replacement is loaded the general way.
        guard elements.count == entries.count else { return loadMixedElements(entries, thread: thread) }
        for entry in entries {
            noteUse(of: entry.registration, thread: thread)
        }
        return elements
    }

    /// `loadElements` for a list of published elements and elements that need a factory:
    /// first the factories, outside any read section; then the published elements and the
    /// hand-over, in one read section that runs no code of the app.
    @inline(never)
    private func loadMixedElements<Element>(_ entries: [ContributionSet.Entry], thread: ThreadState)
        -> [Element]
    {
        var made: [Element?] = Array(repeating: nil, count: entries.count)
        var attempted = Array(repeating: false, count: entries.count)
        for (index, entry) in entries.enumerated() where !entry.registration.hasPublished(Element.self) {
            attempted[index] = true
            made[index] = resolvedElement(entry.registration, thread: thread)
        }
        var elements: [Element] = []
        elements.reserveCapacity(entries.count)
        var retired: [Int] = []
        thread.beginRead(.any)
        for (index, entry) in entries.enumerated() {
            if let element = made[index] {
                elements.append(element)
            } else if attempted[index] {
                continue
            } else if let element = entry.registration.publishedSingleton(as: Element.self) {
                elements.append(element)
            } else {
                retired.append(index)
            }
        }
        thread.endRead()
        for (index, entry) in entries.enumerated() where !attempted[index] && !retired.contains(index) {
            noteUse(of: entry.registration, thread: thread)
        }
        guard !retired.isEmpty else { return elements }
        // A write retired one after it was checked: loaded again, in list order.
        var reloaded: [Element] = []
        reloaded.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            if let element = made[index] {
                reloaded.append(element)
            } else if !attempted[index],
                let element: Element = resolvedElement(entry.registration, thread: thread)
            {
                reloaded.append(element)
            }
        }
        return reloaded
    }

    /// The element `registration` contributes, or `nil` with its failure reported.
    private func resolvedElement<Element>(_ registration: Registration, thread: ThreadState) -> Element? {
        reportingFailure(thread: thread) { () throws(ContainerError) -> Element in
            try resolve(registration, as: Element.self, thread: thread)
        }
    }

    /// The contributions to the point named `name` once the plugin placeholders among
    /// `entries` ran, and the mismatch of the list read last.
    @inline(never)
    private func runningPlaceholders(
        in entries: [ContributionSet.Entry], pointNamed name: String, marker: Any.Type, elementType: Any.Type,
        thread: ThreadState
    ) -> (entries: [ContributionSet.Entry], mismatch: ContainerError?) {
        var current = (entries: entries, mismatch: ContainerError?.none)
        // Held, so that a registration freed meanwhile cannot pass for a new one.
        var ran: [Registration] = []
        while let placeholder = current.entries.first(where: { entry in
            entry.registration.isPlaceholderContribution && !ran.contains { $0 === entry.registration }
        }) {
            ran.append(placeholder.registration)
            _ = reportingFailure(thread: thread) { () throws(ContainerError) -> PlaceholderContribution in
                try resolve(placeholder.registration, as: PlaceholderContribution.self, thread: thread)
            }
            current = contributionEntries(
                pointNamed: name, marker: marker, elementType: elementType, thread: thread)
        }
        current.entries.removeAll { $0.registration.isPlaceholderContribution }
        return current
    }

    /// Loads every contribution to `point` for ``require(_:)->[Element]``, throwing the first
    /// failure.
    func requireElements<Element>(of point: ExtensionPoint<Element>) throws(ContainerError) -> [Element] {
        let thread = ThreadState.current
        var (entries, mismatch) = contributionEntries(
            pointNamed: point.name, marker: ExtensionPointMarker<Element>.self, elementType: Element.self,
            thread: thread)
        // The list a service made now holds changes when a plugin contributes or leaves.
        noteLookupWithoutProvider(of: point.name, thread: thread, isExtensionPoint: true)
        if entries.contains(where: \.registration.isPlaceholderContribution) {
            (entries, mismatch) = runningPlaceholders(
                in: entries, pointNamed: point.name, marker: ExtensionPointMarker<Element>.self,
                elementType: Element.self, thread: thread)
        }
        if let mismatch {
            throw mismatch
        }
        var elements: [Element] = []
        elements.reserveCapacity(entries.count)
        for entry in entries {
            elements.append(try resolve(entry.registration, as: Element.self, thread: thread))
        }
        return elements
    }

    // MARK: Entry points of the original API

    /// The item ``load(for:)`` returns for the string ID `injectID`, or `nil` after reporting
    /// why there is none.
    func originalAPIItem(for injectID: String) -> Injectable? {
        guard
            let registration = registrationReportingMiss(
                named: injectID, as: (any Injectable).self, thread: .current)
        else {
            return nil
        }
        if let itemType = registration.seedItemType {
            return itemType.init()
        }
        if let factory = registration.argumentFactory {
            // Resolving it would hand out the factory itself, not a service.
            report(
                .failed(
                    .argumentMismatch(
                        id: injectID, requestedArgument: nil, registeredArgument: factory.argumentTypeName
                    )))
            return nil
        }
        return RegisteredItem(registration: registration, reference: reference)
    }

    /// Resolves a typed registration for an original-API item's `resolve()`, as an object:
    /// an ``UnavailableService`` when it fails, the failure reported.
    func resolveObject(_ registration: Registration) -> AnyObject {
        do {
            return try resolve(registration, as: Any.self, thread: ThreadState.current) as AnyObject
        } catch {
            report(.failed(error))
            return UnavailableService(error: error)
        }
    }
}
