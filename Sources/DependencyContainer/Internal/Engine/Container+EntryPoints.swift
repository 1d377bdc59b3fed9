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
        let (entries, mismatch) = contributionEntries(
            pointNamed: point.name, marker: ExtensionPointMarker<Element>.self, elementType: Element.self,
            thread: thread)
        // The list a service made now holds changes when a plugin contributes or leaves.
        noteLookupWithoutProvider(of: point.name, thread: thread)
        if let mismatch {
            report(.failed(mismatch))
        }
        // First the elements that need a factory, outside any read section; then, in one
        // section that runs no code of the app, the published ones and the hand-over, so that
        // no write disposes of an element this load is about to return.
        var made: [ElementSlot<Element>] = Array(repeating: .published, count: entries.count)
        for (index, entry) in entries.enumerated() where !entry.registration.hasPublished(Element.self) {
            made[index] = ElementSlot(resolvedElement(entry.registration, thread: thread))
        }
        var elements: [Element] = []
        elements.reserveCapacity(entries.count)
        var unread: [Int] = []
        thread.beginRead()
        for (index, entry) in entries.enumerated() {
            switch made[index] {
            case .made(let element):
                elements.append(element)
            case .failed:
                break
            case .published:
                if let element = entry.registration.publishedSingleton(as: Element.self) {
                    elements.append(element)
                } else {
                    unread.append(index)
                }
            }
        }
        thread.endRead()
        for (index, entry) in entries.enumerated() where made[index].isPublished && !unread.contains(index) {
            noteUse(of: entry.registration, thread: thread)
        }
        guard !unread.isEmpty else { return elements }
        // A write retired one meanwhile: loaded again, in list order.
        return loadElementsAgain(entries, made: made, thread: thread)
    }

    /// `loadElements` for a list in which a write retired a published element after it was
    /// checked: each element that was not made is loaded the general way, outside any read
    /// section.
    @inline(never)
    private func loadElementsAgain<Element>(
        _ entries: [ContributionSet.Entry], made: [ElementSlot<Element>], thread: ThreadState
    ) -> [Element] {
        var elements: [Element] = []
        elements.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            switch made[index] {
            case .made(let element):
                elements.append(element)
            case .failed:
                break
            case .published:
                if let element: Element = resolvedElement(entry.registration, thread: thread) {
                    elements.append(element)
                }
            }
        }
        return elements
    }

    /// The element `registration` contributes, or `nil` with its failure reported.
    private func resolvedElement<Element>(_ registration: Registration, thread: ThreadState) -> Element? {
        reportingFailure(thread: thread) { () throws(ContainerError) -> Element in
            try resolve(registration, as: Element.self, thread: thread)
        }
    }

    /// Loads every contribution to `point` for ``require(_:)->[Element]``, throwing the first
    /// failure.
    func requireElements<Element>(of point: ExtensionPoint<Element>) throws(ContainerError) -> [Element] {
        let thread = ThreadState.current
        let (entries, mismatch) = contributionEntries(
            pointNamed: point.name, marker: ExtensionPointMarker<Element>.self, elementType: Element.self,
            thread: thread)
        // The list a service made now holds changes when a plugin contributes or leaves.
        noteLookupWithoutProvider(of: point.name, thread: thread)
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

/// One element of an extension-point load: made by its factory, failed (and reported), or
/// published, to be read in the load's read section.
private enum ElementSlot<Element> {
    case published
    case made(Element)
    case failed

    init(_ element: Element?) {
        self = element.map(Self.made) ?? .failed
    }

    var isPublished: Bool {
        if case .published = self { true } else { false }
    }
}
