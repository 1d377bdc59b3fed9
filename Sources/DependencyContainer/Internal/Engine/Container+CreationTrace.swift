import DependencyContainerKernel

/// The readers of the creation trace, in one process-wide word: a bit each for the readers
/// that stay once they exist, and a count each, in the upper bits, for the recordings in
/// progress.
struct CreationTraceReaders: OptionSet {
    let rawValue: UInt64

    /// A recording that reads the trace while it runs; its raw value is its count's unit in the
    /// word, 16 bits each, above the readers' bits.
    enum Recording: UInt64 {
        /// The running check's record of what a checked factory looks up (``LoadRecorder``).
        case loads = 0x1_0000
        /// A warm-up's record of the order services were kept in (``WarmUpRecorder``).
        case warmUp = 0x1_0000_0000
        /// A ``ContainerTrace`` of each load, what it loaded and how long its factory took.
        case containerTrace = 0x1_0000_0000_0000
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
        GlobalAtomicWord.creationTraceReaders.setBits(readers.rawValue)
    }

    /// Runs `body` with `recording` counted as a reader of the trace.
    static func counting<Result, Failure: Error>(
        _ recording: Recording, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        GlobalAtomicWord.creationTraceReaders.add(recording.rawValue)
        defer { GlobalAtomicWord.creationTraceReaders.add(0 &- recording.rawValue) }
        return try body()
    }

    /// Whether a recording of `recording`'s kind is in progress.
    func records(_ recording: Recording) -> Bool {
        rawValue / recording.rawValue & 0xFFFF != 0
    }

    /// Counts a ``ContainerTrace`` that starts (`by` 1) or ends (`by` -1) on `references`: in
    /// the process, and in each container it records, whose loads all take the noted path.
    static func countContainerTrace(by delta: UInt64, on references: [ContainerReference]) {
        GlobalAtomicWord.creationTraceReaders.add(Recording.containerTrace.rawValue &* delta)
        for reference in references { reference.tracedLoads.add(delta) }
    }
}

/// What a load tells the sinks that listen to it: the one event type of the engine.
enum LoadEvent {
    /// The load looked `name` up and found a registration or not (the running check).
    case lookedUp(String, found: Bool)
    /// The load got `registration`'s service; `isLoad` is false for a reuse or hand-over that
    /// is part of a load noted already.
    case used(Registration, isLoad: Bool)
    /// The load found no provider of `name`: a missing ID, or an extension point's list.
    case missed(String, isExtensionPoint: Bool)
    /// The load kept `registration`'s new service (the warm-up's order).
    case kept(Registration)
}

/// A sink of the events of the loads it is bound to, in a task and its child tasks
/// (``LoadSinks/bound``).
protocol LoadSink: AnyObject, Sendable {
    func receive(_ event: LoadEvent, thread: ThreadState)
}

/// The sink stack of the loads of this task: one task-local for every bound sink.
enum LoadSinks {
    @TaskLocal static var bound: [any LoadSink] = []

    /// Runs `body` with `sink` bound, counted as a `recording` reader at the gate.
    static func binding<Result>(
        _ sink: any LoadSink, as recording: CreationTraceReaders.Recording, _ body: () throws -> Result
    ) rethrows -> Result {
        try CreationTraceReaders.counting(recording) { () throws -> Result in
            try $bound.withValue(bound + [sink], operation: body)
        }
    }

    /// The async counterpart of ``binding(_:as:_:)``.
    static func binding<Result: Sendable>(
        _ sink: any LoadSink, as recording: CreationTraceReaders.Recording, _ body: () async -> Result
    ) async -> Result {
        GlobalAtomicWord.creationTraceReaders.add(recording.rawValue)
        defer { GlobalAtomicWord.creationTraceReaders.add(0 &- recording.rawValue) }
        return await $bound.withValue(bound + [sink], operation: body)
    }
}

extension Container {
    // MARK: Events: one gate, then the sinks of the load
    //
    // Sinks: the notes of the shared services being made (dependents: `tracesCreations`), the
    // running check (`LoadRecorder`), the warm-up order (`WarmUpRecorder`) and the trace of this
    // load (`ThreadState.trace`, chosen at the top-level load from the container's own count).

    /// Emits `event` when some sink exists in the process: one relaxed read otherwise.
    @inline(__always)
    func emit(_ event: LoadEvent, thread: ThreadState? = nil) {
        guard GlobalAtomicWord.creationTraceReaders.loadRelaxed() != 0 else { return }
        deliver(event, thread: thread)
    }

    /// The thread is read only for a sink that takes the event: with readers elsewhere in the
    /// process, a miss here reads no thread-local and retains no thread state.
    @inline(never)
    private func deliver(_ event: LoadEvent, thread given: ThreadState?) {
        let readers = CreationTraceReaders.current
        switch event {
        case .lookedUp, .kept:
            guard readers.records(.loads) || readers.records(.warmUp) else { return }
            let thread = given ?? ThreadState.current
            for sink in LoadSinks.bound { sink.receive(event, thread: thread) }
        case .used(let registration, let isLoad):
            if isLoad, readers.records(.containerTrace) {
                traceLoad(
                    of: registration.id, scope: registration.scopeName ?? registration.scope.rawValue,
                    given ?? ThreadState.current)
            }
            // The ID it got too, for chains of dependents: a service made with a dependent is one.
            noteInCreations(thread: given) { notes in
                if readers.contains(.owners) { notes.add(owners: registration.ownersInUse) }
                notes.add(answered: registration.id)
            }
        case .missed(let name, let isExtensionPoint):
            if !isExtensionPoint, readers.records(.containerTrace) {
                traceLoad(of: name, scope: nil, given ?? ThreadState.current)
            }
            noteInCreations(thread: given) { $0.add(lookedUp: name) }
        }
    }

    /// Adds `change` to the notes of the shared services and async frames being made.
    ///
    /// Async frames are read only while this container counts some. `change` is an argument,
    /// not a stored closure: a stored one costs every load a heap allocation.
    @inline(__always)
    private func noteInCreations(thread given: ThreadState?, _ change: (inout CreationNotes) -> Void) {
        guard tracesCreations.load() else { return }
        if reference.tracedLoads.loadRelaxed() != 0 { AsyncFrame.current?.note(change) }
        // A top-level load, the common case, makes nothing yet: it copies no frame stack.
        let thread = given ?? ThreadState.current
        guard !thread.frames.isEmpty else { return }
        for frame in thread.frames where frame.isShared {
            change(&thread.notesInCreation[ObjectIdentifier(frame), default: CreationNotes()])
        }
    }

    /// Records a load in the trace of this thread's load: a top-level load chooses it, from
    /// this container's count, so that a trace elsewhere costs this container nothing more.
    private func traceLoad(of id: String, scope: String?, _ thread: ThreadState) {
        if thread.frames.isEmpty {
            thread.trace = reference.isTraced ? TraceRecorder.recorder(for: self) : nil
        }
        thread.trace?.recordLoad(
            of: id, scope: scope, outcome: scope == nil ? .missing : .reused, depth: thread.frames.count,
            thread: ObjectIdentifier(thread))
    }

    /// Makes this container and every container below it trace what their factories meet.
    package func startTracingCreations() {
        guard !tracesCreations.load() else { return }
        GlobalAtomicWord.creationTraceReaders.setBits(CreationTraceReaders.containers.rawValue)
        // Each container's flag before its list of children: a child joining meanwhile is in
        // the list read next, or reads the flag set here (see `Container.init`).
        tracesCreations.store(true)
        for child in children.live { child.startTracingCreations() }
    }

    /// What `registration`'s factory, which just ran on this thread, met; forgets it.
    @inline(__always)
    func takeNotes(creating registration: Registration, thread: ThreadState) -> CreationNotes {
        guard !thread.notesInCreation.isEmpty else { return notes(CreationNotes()) }
        return notes(
            thread.notesInCreation.removeValue(forKey: ObjectIdentifier(registration)) ?? CreationNotes())
    }

    /// `taken` as the notes to keep, or ``CreationNotes/untraced`` when this container did not trace.
    func notes(_ taken: CreationNotes) -> CreationNotes {
        taken.isEmpty && !tracesCreations.load() ? .untraced : taken
    }

    // MARK: Dependents: the cached services a change leaves behind

    /// The registrations in `entries`, contributions included, that keep a service whose
    /// factory met what `isDependent` looks for in its trace, and those that keep a service
    /// made with one of them, and so on: the one reader of the trace that a plugin's going or
    /// coming and a switch of contexts share.
    static func dependents(
        in entries: StoreEntries, where isDependent: (Registration, CreationNotes) -> Bool
    ) -> [Registration] {
        // Every registration, a point's contributions with the point's ID.
        let candidates = entries.values.flatMap { registration in
            registration.contributions?.entries.map { ($0.registration, Optional(registration.id)) }
                ?? [(registration, nil)]
        }
        var found: [Registration] = []
        var seen: Set<ObjectIdentifier> = []
        // The IDs of the dependents found in the last pass: what the next pass looks for.
        var frontier: Set<String>?
        repeat {
            let names = frontier
            frontier = []
            for (registration, point) in candidates
            where registration.isShared && !seen.contains(ObjectIdentifier(registration)) {
                let notes = registration.keptServiceNotes
                guard !notes.isEmpty || !notes.isTraced,
                    names.map(notes.used(anyOf:)) ?? isDependent(registration, notes)
                else { continue }
                found.append(registration)
                seen.insert(ObjectIdentifier(registration))
                frontier?.insert(registration.id)
                if let point { frontier?.insert(point) }
            }
        } while frontier?.isEmpty == false
        return found
    }
}
