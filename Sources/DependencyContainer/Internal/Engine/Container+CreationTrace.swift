import DependencyContainerKernel

/// The readers of the creation trace, in one process-wide word: a bit each for the readers
/// that stay once they exist, and a count each, in the upper bits, for the recordings in
/// progress.
struct CreationTraceReaders: OptionSet {
    let rawValue: UInt64

    /// A recording that reads the trace while it runs.
    enum Recording {
        /// The running check's record of what a checked factory looks up (``LoadRecorder``).
        case loads
        /// A warm-up's record of the order services were kept in (``WarmUpRecorder``).
        case warmUp
        /// A ``ContainerTrace`` of each load, what it loaded and how long its factory took.
        case containerTrace

        /// The recording's count's unit in the word: 16 bits each, above the readers' bits.
        fileprivate var unit: UInt64 {
            switch self {
            case .loads: return 1 << 16
            case .warmUp: return 1 << 32
            case .containerTrace: return 1 << 48
            }
        }
    }

    /// Plugins: a plugin that leaves names the services made with its services, and one that
    /// comes names the ones made while it was away (set once an owned registration is adopted).
    static let owners = Self(rawValue: 1)
    /// Contexts: a switch names the services made with a registration it changes (set once a
    /// context registration is added).
    static let contexts = Self(rawValue: 2)
    /// Some container traces (``Container/tracesCreations``): a load checks its own container
    /// only then, so that a process without a reader pays one read of this word.
    static let containers = Self(rawValue: 4)

    /// The readers that exist now.
    static var current: Self { Self(rawValue: GlobalAtomicWord.creationTraceReaders.loadRelaxed()) }

    /// Records that `readers` exist, from now on, and that `container`, and the containers
    /// below it, trace what their factories meet.
    static func add(_ readers: Self, for container: Container) {
        container.startTracingCreations()
        add(readers)
    }

    /// Records that `readers` exist, from now on.
    private static func add(_ readers: Self) {
        guard !current.isSuperset(of: readers) else { return }
        GlobalAtomicWord.creationTraceReaders.setBits(readers.rawValue)
    }

    /// Runs `body` with `recording` counted as a reader of the trace.
    static func counting<Result, Failure: Error>(
        _ recording: Recording, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        GlobalAtomicWord.creationTraceReaders.add(recording.unit)
        defer { GlobalAtomicWord.creationTraceReaders.add(0 &- recording.unit) }
        return try body()
    }

    /// The async counterpart of ``counting(_:_:)``.
    static func counting<Result>(_ recording: Recording, _ body: () async -> Result) async -> Result {
        GlobalAtomicWord.creationTraceReaders.add(recording.unit)
        defer { GlobalAtomicWord.creationTraceReaders.add(0 &- recording.unit) }
        return await body()
    }

    /// Whether a recording of `recording`'s kind is in progress.
    func records(_ recording: Recording) -> Bool {
        rawValue / recording.unit & 0xFFFF != 0
    }

    /// Counts a ``ContainerTrace`` that starts recording, until ``endContainerTrace()``.
    static func beginContainerTrace() {
        GlobalAtomicWord.creationTraceReaders.add(Recording.containerTrace.unit)
        GlobalAtomicWord.tracedAsyncFactories.add(1)
    }

    /// Ends the count ``beginContainerTrace()`` began.
    static func endContainerTrace() {
        GlobalAtomicWord.tracedAsyncFactories.add(UInt64.max)
        GlobalAtomicWord.creationTraceReaders.add(0 &- Recording.containerTrace.unit)
    }
}

extension Container {
    // MARK: The creation trace: what a kept service's factory met

    /// Notes that the factories running on this thread, or the async factory running in this
    /// task, use `registration`'s service.
    @inline(__always)
    func noteUse(of registration: Registration, thread: ThreadState) {
        guard GlobalAtomicWord.creationTraceReaders.loadRelaxed() != 0 else { return }
        noteTracedUse(of: registration, thread: thread)
    }

    @inline(never)
    private func noteTracedUse(of registration: Registration, thread: ThreadState, isLoad: Bool = true) {
        // A load of its own for a trace, unless an async load or the reuse of one just noted.
        if isLoad, CreationTraceReaders.current.records(.containerTrace) {
            TraceRegistry.noteLoad(of: registration, on: self, thread: thread)
        }
        guard tracesCreations.load() else { return }
        let asyncFrame = Self.tracedAsyncFrame
        guard !thread.frames.isEmpty || asyncFrame != nil else { return }
        let owners = CreationTraceReaders.current.contains(.owners) ? registration.ownersInUse : []
        // The ID it got too, for chains of dependents: a service made with a dependent is one.
        Self.note(on: thread, asyncFrame) { notes in
            if !owners.isEmpty { notes.add(owners: owners) }
            notes.add(answered: registration.id)
        }
    }

    /// Notes that the async factory running in this task uses `registration`'s service, which
    /// an async load received without running the synchronous engine: published, or made or
    /// joined by an async creation.
    func noteAsyncUse(of registration: Registration) {
        // The thread after the last suspension: no synchronous factory runs on it here.
        guard GlobalAtomicWord.creationTraceReaders.loadRelaxed() != 0 else { return }
        noteTracedUse(of: registration, thread: ThreadState.current, isLoad: false)
    }

    /// Notes that the load of `registration` that just began on this thread found its service
    /// kept once it held the creation monitor (made meanwhile by another thread, or before):
    /// as ``noteUse(of:thread:)``, except that a ``ContainerTrace`` counts it as part of that
    /// load, which it noted already, not as a load of its own.
    @inline(__always)
    func noteReuse(of registration: Registration, thread: ThreadState) {
        guard GlobalAtomicWord.creationTraceReaders.loadRelaxed() != 0 else { return }
        noteTracedUse(of: registration, thread: thread, isLoad: false)
    }

    /// Notes that the factories running here looked up `name` without a provider: an ID
    /// nothing registers, or an extension point, whose contributions a plugin or a context
    /// switch may change.
    @inline(__always)
    func noteLookupWithoutProvider(
        of name: String, thread: ThreadState? = nil, isExtensionPoint: Bool = false
    ) {
        guard GlobalAtomicWord.creationTraceReaders.loadRelaxed() != 0 else { return }
        noteTracedLookup(of: name, thread: thread, isExtensionPoint: isExtensionPoint)
    }

    @inline(never)
    private func noteTracedLookup(of name: String, thread: ThreadState?, isExtensionPoint: Bool) {
        if !isExtensionPoint, CreationTraceReaders.current.records(.containerTrace) {
            TraceRegistry.noteMiss(of: name, on: self, thread: thread ?? ThreadState.current)
        }
        // The container's own flag before the thread's state: a miss in a container without a
        // reader, in a process that has one elsewhere, reads no thread-local.
        guard tracesCreations.load() else { return }
        let thread = thread ?? ThreadState.current
        let asyncFrame = Self.tracedAsyncFrame
        guard !thread.frames.isEmpty || asyncFrame != nil else { return }
        Self.note(on: thread, asyncFrame) { $0.add(lookedUp: name) }
    }

    /// The frame of the async factory running in this task, if it traces.
    private static var tracedAsyncFrame: AsyncFrame? {
        GlobalAtomicWord.tracedAsyncFactories.loadRelaxed() == 0 ? nil : AsyncFrame.current
    }

    /// Applies `change` to the notes of every shared service being made on `thread`, and
    /// of the async factory frames from `asyncFrame` outwards.
    private static func note(
        on thread: ThreadState, _ asyncFrame: AsyncFrame?, _ change: (inout CreationNotes) -> Void
    ) {
        asyncFrame?.note(change)
        for frame in thread.frames where frame.isShared {
            change(&thread.notesInCreation[ObjectIdentifier(frame), default: CreationNotes()])
        }
    }

    /// Traces a lookup of `name` that found a registration or not, for the running check's
    /// record of what the checked factory loads.
    @inline(__always)
    func traceLookup(of name: String, found: Bool, thread: ThreadState) {
        guard GlobalAtomicWord.creationTraceReaders.loadRelaxed() != 0 else { return }
        traceRecordedLookup(of: name, found: found, thread: thread)
    }

    @inline(never)
    private func traceRecordedLookup(of name: String, found: Bool, thread: ThreadState) {
        guard CreationTraceReaders.current.records(.loads), let recorder = LoadRecorder.active(on: thread)
        else {
            return
        }
        recorder.record(name, found: found, thread: thread)
    }

    /// Traces that `registration`'s factory starts on this thread, for a ``ContainerTrace``.
    static func traceFactoryStart(of registration: Registration, thread: ThreadState) -> UInt64 {
        TraceRegistry.noteFactoryStart(of: registration, thread: thread)
    }

    /// Whether a ``ContainerTrace`` records, so that factories run timed.
    @inline(__always)
    static var tracesFactories: Bool {
        CreationTraceReaders.current.records(.containerTrace)
    }

    /// Traces that `registration`'s factory, which started at `start`, ended on this thread.
    @inline(never)
    static func traceFactoryEnd(
        of registration: Registration, startedAt start: UInt64, failed: Bool, thread: ThreadState
    ) {
        TraceRegistry.noteFactoryEnd(of: registration, startedAt: start, failed: failed, thread: thread)
    }

    /// Traces that `registration`'s new service is kept, for the warm-up's order.
    @inline(__always)
    static func traceKept(_ registration: Registration) {
        guard GlobalAtomicWord.creationTraceReaders.loadRelaxed() != 0 else { return }
        traceRecordedKeep(of: registration)
    }

    @inline(never)
    private static func traceRecordedKeep(of registration: Registration) {
        guard CreationTraceReaders.current.records(.warmUp) else { return }
        WarmUpRecorder.current?.noteCreation(of: registration.id)
    }

    /// Makes this container and every container below it trace what their factories meet.
    package func startTracingCreations() {
        guard !tracesCreations.load() else { return }
        GlobalAtomicWord.creationTraceReaders.setBits(CreationTraceReaders.containers.rawValue)
        // Each container's flag before its list of children: a child joining meanwhile is in
        // the list read next, or reads the flag set here (see `Container.init`).
        tracesCreations.store(true)
        for child in children.live {
            child.startTracingCreations()
        }
    }

    /// What `registration`'s factory, which just ran on this thread, met; forgets it.
    @inline(__always)
    func takeNotes(creating registration: Registration, thread: ThreadState) -> CreationNotes {
        guard !thread.notesInCreation.isEmpty else { return notes(CreationNotes()) }
        return notes(
            thread.notesInCreation.removeValue(forKey: ObjectIdentifier(registration)) ?? CreationNotes())
    }

    /// `taken`, what a factory run by a load on this container met, as the notes to keep: the
    /// same, or ``CreationNotes/untraced`` when nothing was noted because this container
    /// did not trace.
    func notes(_ taken: CreationNotes) -> CreationNotes {
        taken.isEmpty && !tracesCreations.load() ? .untraced : taken
    }
}

extension Container {
    // MARK: Dependents: the cached services a change leaves behind

    /// The registrations in `entries`, contributions included, that keep a service whose
    /// factory met what `isDependent` looks for in its trace, and those that keep a service
    /// made with one of them, and so on: the one reader of the trace that a plugin's going or
    /// coming and a switch of contexts share.
    static func dependents(
        in entries: StoreEntries, where isDependent: (Registration, CreationNotes) -> Bool
    ) -> [Registration] {
        var found: [Registration] = []
        var seen: Set<ObjectIdentifier> = []
        // The IDs of the dependents found in the last pass: what the next pass looks for.
        var frontier: Set<String> = []
        func visit(
            _ registration: Registration, point: String?, isDependent: (Registration, CreationNotes) -> Bool
        ) {
            guard registration.isShared, !seen.contains(ObjectIdentifier(registration)) else { return }
            let notes = registration.keptServiceNotes
            guard !notes.isEmpty || !notes.isTraced, isDependent(registration, notes) else { return }
            found.append(registration)
            seen.insert(ObjectIdentifier(registration))
            frontier.insert(registration.id)
            if let point { frontier.insert(point) }
        }
        func pass(_ isDependent: (Registration, CreationNotes) -> Bool) {
            for registration in entries.values {
                if let contributions = registration.contributions {
                    for entry in contributions.entries {
                        visit(entry.registration, point: registration.id, isDependent: isDependent)
                    }
                } else {
                    visit(registration, point: nil, isDependent: isDependent)
                }
            }
        }
        pass(isDependent)
        while !frontier.isEmpty {
            let names = frontier
            frontier = []
            pass { $1.used(anyOf: names) }
        }
        return found
    }

    /// Replaces each of `dependents` by a fresh copy, as ``reset(scope:)`` does a scope's, so
    /// that its next load makes its service anew; the change retires the old services.
    static func reset(_ dependents: [Registration], entries: inout StoreEntries) {
        guard !dependents.isEmpty else { return }
        let ids = Set(dependents.map { ObjectIdentifier($0) })
        for registration in Array(entries.values) {
            if ids.contains(ObjectIdentifier(registration)) {
                entries.replacePoint(
                    registration.id, with: Registration(freshCopyOf: registration), dropping: [])
            } else if let contributions = registration.contributions?.resetting(where: {
                ids.contains(ObjectIdentifier($0))
            }) {
                entries.replacePoint(
                    registration.id,
                    with: Registration(copying: registration, contributions: contributions.set),
                    dropping: contributions.replaced)
            }
        }
    }
}
