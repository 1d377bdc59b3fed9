extension Container {
    // MARK: Step 6: report

    /// Reports the failure of a load that returns `nil` or leaves an element out, unless a
    /// load it is nested in reports it instead: the one rule for every such load.
    ///
    /// A nested load's cycle, and a synchronous one's too-deep chain, fail the top-level
    /// load, which reports them once; a synchronous nested load's captive dependency was
    /// reported as captive already, and its holder's load reports the failure.
    ///
    /// - Parameters:
    ///   - error: Why the load failed.
    ///   - nested: Whether the load runs inside a factory: the thread has frames, or, for an
    ///     async load, the task has an ``AsyncFrame``.
    ///   - async: Whether the load is an async one, whose frames do not share the thread's
    ///     whole-load failure.
    @inline(never)  // The failure path; inlined into `loadAsync`, it crashes Swift 6.3's optimizer.
    func reportFailure(_ error: ContainerError, nested: Bool, async: Bool = false) {
        if nested {
            switch error {
            case .cycle: return
            case .resolutionTooDeep, .captiveDependency: if !async { return }
            default: break
            }
        }
        report(.failed(error))
    }

    /// Reports a load that found nothing.
    @inline(__always)
    func reportMissing<Service>(_ id: String, _: Service.Type) {
        // A service made now, without it, is a dependent of a plugin that provides it later.
        noteLookupWithoutProvider(of: id)
        // Absent features are normal, so a miss on a root container without a handler, the
        // common case, returns at once.
        guard parent != nil || reference.hasDiagnosticsHandler.load() else { return }
        report(.missing(id: id, requestedType: typeName(Service.self)))
    }

    /// Runs `load`, a load that returns `nil` or leaves an element out when it fails, and
    /// reports its failure by the rule of ``reportFailure(_:nested:async:)``.
    @inline(__always)
    func reportingFailure<Service>(thread: ThreadState, _ load: () throws(ContainerError) -> Service)
        -> Service?
    {
        do {
            return try load()
        } catch {
            reportFailure(error, nested: !thread.frames.isEmpty)
            return nil
        }
    }
}
