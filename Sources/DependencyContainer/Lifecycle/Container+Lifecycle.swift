import Dispatch

extension Container {
    // MARK: Eager services

    /// Creates every eager service of this container, concurrently where they are
    /// independent, and reports how each went.
    ///
    /// ```swift
    /// container.register(.analytics, scope: .singleton, eager: true) { ConsoleAnalytics() }
    /// let report = container.warmUp()  // the analytics service exists now
    /// ```
    ///
    /// Main-actor factories run only when called on the main actor, `async` ones never: see
    /// ``warmUpIncludingIsolated()``. Only this container's own registrations; see <doc:LifecycleHooks>.
    @discardableResult
    public func warmUp() -> WarmUpReport {
        let eager = eagerRegistrations()
        let recorder = WarmUpRecorder()
        let concurrent = eager.filter { $0.isolation == .nonisolated }
        LoadSinks.binding(recorder, as: .warmUp) {
            DispatchQueue.concurrentPerform(iterations: concurrent.count) { index in
                // Each worker thread binds the recorder itself: task-locals do not cross into them.
                recorder.finish(
                    LoadSinks.binding(recorder, as: .warmUp) { warmUpEntry(concurrent[index].id) })
            }
            // On the calling thread: main-actor factories may run only here, if anywhere.
            for registration in eager where registration.isolation != .nonisolated {
                let skipped: WarmUpReport.Outcome =
                    registration.isolation == .asynchronous ? .skippedAsynchronous : .skippedOffMainActor
                recorder.finish(
                    Self.mayRunSynchronously(registration.isolation, onMainThread: MainThread.isCurrent)
                        ? warmUpEntry(registration.id)
                        : WarmUpReport.Entry(id: registration.id, seconds: 0, outcome: skipped))
            }
        }
        return recorder.report
    }

    /// Creates every eager service of this container, `async` and main-actor ones included,
    /// concurrently where they are independent, and reports how each went.
    @discardableResult
    public func warmUpIncludingIsolated() async -> WarmUpReport {
        let ids = eagerRegistrations().map(\.id)
        let recorder = WarmUpRecorder()
        await LoadSinks.binding(recorder, as: .warmUp) {
            await withTaskGroup(of: Void.self) { group in
                for id in ids {
                    group.addTask {
                        let start = DispatchTime.now().uptimeNanoseconds
                        do throws(ContainerError) {
                            _ = try await self.requireServiceAsync(named: id, as: Any.self)
                            recorder.finish(Self.warmUpEntry(id, since: start, failure: nil))
                        } catch {
                            recorder.finish(Self.warmUpEntry(id, since: start, failure: error))
                        }
                    }
                }
            }
        }
        return recorder.report
    }

    /// The last release's `async` warm-up, kept so that code written for it keeps its behaviour:
    /// it runs ``warmUpIncludingIsolated()``, main-actor and `async` factories included.
    @available(
        *, deprecated, renamed: "warmUpIncludingIsolated()",
        message: "renamed warmUpIncludingIsolated(); it runs main-actor and async factories as before"
    )
    @discardableResult
    public func warmUp() async -> WarmUpReport {
        await warmUpIncludingIsolated()
    }

    /// This container's eager registrations, sorted by ID so that warm-ups are repeatable.
    private func eagerRegistrations() -> [Registration] {
        store.read { entries in entries.values.filter { $0.lifecycle?.isEager == true } }
            .sorted { $0.id < $1.id }
    }

    /// The warm-up entry of the synchronous load of `id`, timed.
    private func warmUpEntry(_ id: String) -> WarmUpReport.Entry {
        let start = DispatchTime.now().uptimeNanoseconds
        do throws(ContainerError) {
            _ = try requireService(named: id, as: Any.self)
            return Self.warmUpEntry(id, since: start, failure: nil)
        } catch {
            return Self.warmUpEntry(id, since: start, failure: error)
        }
    }

    private static func warmUpEntry(_ id: String, since start: UInt64, failure: ContainerError?)
        -> WarmUpReport.Entry
    {
        let seconds = Double(DispatchTime.now().uptimeNanoseconds &- start) / 1_000_000_000
        return WarmUpReport.Entry(id: id, seconds: seconds, outcome: failure.map { .failed($0) } ?? .created)
    }

    // MARK: Disposal

    /// Returns once every dispose hook of a service this container has let go of has run,
    /// including `async` hooks and main-actor hooks that run in tasks; see <doc:LifecycleHooks>.
    public func waitForDisposals() async {
        await store.disposals.waitUntilIdle()
    }

    /// The IDs of the services this container let go of whose dispose hooks have not run
    /// yet, sorted: for a host that bounds how long it waits for them.
    package var pendingDisposalIDs: [String] {
        store.disposals.pendingIDs
    }

    // MARK: Container-wide decorators

    /// Runs `decorator` on every service this container, or a container below it, makes from
    /// now on (Factory's `decorator`).
    ///
    /// It runs after the registration's own hooks; this container's decorators run before its
    /// ancestors'. See <doc:LifecycleHooks>.
    ///
    /// - Returns: A token that keeps the decorator until dropped or cancelled; it holds
    ///   neither the container nor its services.
    public func decorateCreations(_ decorator: @escaping @Sendable (CreatedService) -> Void)
        -> ObservationToken
    {
        // The token holds the list, not the container: a weak reference's side table, made while
        // other threads retain the list, was an ASan leak.
        let decorators = creationDecorators
        let entry = decorators.add(decorator)
        return ObservationToken(
            ChangeObserver(
                id: "", subject: .registration, stores: [], handler: { _ in },
                onFinish: { decorators.remove(entry) }))
    }

    /// Starts a trace of the loads made on this container and the containers below it; see
    /// <doc:Tracing>.
    ///
    /// - Parameter maximumLoads: The most loads the trace keeps; later ones are counted in
    ///   ``ContainerTrace/droppedLoads``.
    /// - Returns: The trace, recording until ``ContainerTrace/stop()`` or until nobody holds it.
    public func startTrace(maximumLoads: Int = 10_000) -> ContainerTrace {
        ContainerTrace(container: self, maximumLoads: maximumLoads)
    }
}
