import DependencyContainerSystem

/// Frees the services that writes remove as soon as no load can still be reading them.
///
/// Loads read a published singleton in place, without retaining it (rule 3 of
/// ``RegistrationStore``), so a write that removes a registration cannot free its service at
/// once: another thread may be between reading the pointer and copying the value out. The
/// reclaimer is epoch-based, as in user-space RCU or crossbeam-epoch, with one difference
/// that matters for apps: a thread outside a load is always quiescent. An idle pool thread
/// therefore never holds an old service back, and nothing depends on threads coming back.
///
/// - A load calls ``ReaderRecord/announce()`` when it starts and ``ReaderRecord/clear()``
///   when it ends; ``ThreadState/beginRead()`` counts nesting, so only the outermost does.
/// - A write unpublishes the services first (``Registration/retireInstances()``), then
///   calls ``retire(_:)``: the batch is tagged with the epoch that loads started before the
///   write announce, and freed once no record shows such an epoch. When no load is in
///   progress that is before ``retire(_:)`` returns; otherwise the last of the loads that
///   were in progress frees it when it ends.
///
/// Both sides need a full fence between their store and their load; with `membarrier` on
/// Linux the writer pays a system call and the reader only a compiler barrier.
final class InstanceReclaimer: Sendable {
    static let shared = InstanceReclaimer()

    private struct State: Sendable {
        var records: [ReaderRecord] = []
        var batches: [RetiredBatch] = []
    }

    private let state = LockedValue(State())

    private init() {
        // Before the first record exists: readers pick their fence from what this decides.
        dc_reclamation_setup()
    }

    /// Whether some retired services wait for loads to end; read by every outermost load.
    @inline(__always)
    static var hasPending: Bool {
        GlobalAtomicWord.reclamationPending.loadRelaxed() != 0
    }

    // MARK: Reader records

    /// A new record for a thread, quiescent.
    func makeRecord() -> ReaderRecord {
        let record = ReaderRecord()
        state.withLock { $0.records.append(record) }
        return record
    }

    /// Forgets the record of a thread that ends, and frees it.
    func removeRecord(_ record: ReaderRecord) {
        state.withLock { state in
            if let index = state.records.firstIndex(where: { $0.word == record.word }) {
                state.records.remove(at: index)
            }
        }
        record.deallocate()
    }

    // MARK: Retiring

    /// Frees `boxes`, retained singleton boxes that no registration publishes any more, once
    /// no load that might have read them is in progress.
    ///
    /// - Parameter boxes: Boxes from ``Registration/retireInstances()``.
    /// - Complexity: O(*t*) in the number of threads that ever loaded and still run, plus a
    ///   `membarrier` system call where it is available.
    func retire(_ boxes: [RetiredBox]) {
        guard !boxes.isEmpty else { return }
        // Loads that start from here on read the epoch after the bump, and so see the
        // unpublished pointers; those that announced an earlier epoch may hold them.
        let tag = GlobalAtomicWord.reclamationEpoch.add(1)
        state.withLock { state in
            state.batches.append(RetiredBatch(tag: tag, boxes: boxes))
            GlobalAtomicWord.reclamationPending.store(UInt64(state.batches.count))
        }
        // Orders the unpublishing and the batch before the scan on every thread: a load
        // whose announcement the scan misses reads the cleared pointer, and a load that
        // ends before the scan sees the batch and frees it itself.
        dc_reclamation_writer_fence()
        let scanned = reclaim()
        if let thread = ThreadState.existing, thread.releaseProbe != nil {
            thread.releaseProbe?.retired.append(tag)
            // Gone before this thread's scan: another thread's scan freed it.
            if !scanned.contains(tag) { thread.releaseProbe?.freedElsewhere.insert(tag) }
        }
    }

    /// Frees every batch that no load in progress may be reading.
    ///
    /// Called by writers and by the outermost loads that end while batches wait.
    ///
    /// - Returns: While ``Container/probingReleases(_:)`` runs on this thread, the batches
    ///   the scan found, freed or not, by tag; otherwise nothing.
    @discardableResult
    func reclaim() -> Set<UInt64> {
        let isProbing = ThreadState.existing?.releaseProbe != nil
        var freedTags: [UInt64] = []
        var waitingTags: [UInt64] = []
        let freed = state.withLock { state -> [RetiredBox] in
            let readers = ReaderScan(state.records)
            var freed: [RetiredBox] = []
            state.batches.removeAll { batch in
                guard readers.mayFree(retiredAt: batch.tag) else { return false }
                freed.append(contentsOf: batch.boxes)
                if isProbing { freedTags.append(batch.tag) }
                return true
            }
            GlobalAtomicWord.reclamationPending.store(UInt64(state.batches.count))
            if isProbing { waitingTags = state.batches.map(\.tag) }
            return freed
        }
        // Outside the lock: a dispose hook or a service's deinit may load or write.
        if !freed.isEmpty {
            PendingDisposal.run(in: freed)
            for box in freed {
                box.release()
            }
        }
        if isProbing, let thread = ThreadState.existing {
            thread.releaseProbe?.freed.formUnion(freedTags)
            thread.releaseProbe?.heldBack.formUnion(waitingTags)
        }
        return isProbing ? Set(freedTags + waitingTags) : []
    }

    /// The number of batches waiting, for tests.
    var pendingBatchCount: Int {
        state.withLock { $0.batches.count }
    }
}

/// A service its registration no longer keeps: a singleton box it no longer publishes, holding
/// the reference the registration held, or a weak service taken out to be disposed.
///
/// `@unchecked Sendable`: the box is immutable, and only the reclaimer releases it.
struct RetiredBox: @unchecked Sendable {
    /// The singleton's box, retained; `nil` for a weak service, which `disposal` holds.
    let pointer: UnsafeMutableRawPointer?
    /// The registration's dispose hook, to run before the box is released.
    let disposal: PendingDisposal?

    init(pointer: UnsafeMutableRawPointer?, disposal: PendingDisposal? = nil) {
        self.pointer = pointer
        self.disposal = disposal
    }

    /// The service, for its dispose hook.
    var service: Any? {
        if let value = disposal?.value { return value }
        return pointer.map { Unmanaged<InstanceBoxBase>.fromOpaque($0).takeUnretainedValue().anyValue }
    }

    /// Drops the registration's reference, which may free the service.
    func release() {
        if let pointer { Unmanaged<InstanceBoxBase>.fromOpaque(pointer).release() }
    }
}

/// Boxes retired by one write, and the epoch that loads which may read them announced.
private struct RetiredBatch: Sendable {
    let tag: UInt64
    let boxes: [RetiredBox]
}

extension Container {
    /// How many batches of retired services wait for loads in progress on some thread to
    /// end; 0 when every service that writes removed has been freed.
    package static var pendingReclamationBatches: Int {
        InstanceReclaimer.shared.pendingBatchCount
    }

    /// Runs `body` and reports which batches of services writes on the calling thread
    /// retired meanwhile, which batches this thread freed before `body` returned, and which
    /// it saw held back by loads in progress or freed by another thread; for tests of when
    /// services end.
    ///
    /// A write frees what it retires before it returns unless a load that began before it is
    /// still in progress on another thread; then the last of those loads frees it. A test
    /// that runs beside others, whose loads may be in progress, tells the two apart with this.
    /// Probes nest: an enclosing probe sees what a nested one saw.
    ///
    /// - Parameter body: The writes and loads to watch.
    /// - Returns: What the calling thread retired and freed while `body` ran.
    package static func probingReleases(_ body: () throws -> Void) rethrows -> ReleaseProbe {
        let thread = ThreadState.current
        let enclosing = thread.releaseProbe
        thread.releaseProbe = ReleaseProbe()
        defer {
            if var outer = enclosing, let inner = thread.releaseProbe {
                outer.formUnion(inner)
                thread.releaseProbe = outer
            } else {
                thread.releaseProbe = enclosing
            }
        }
        try body()
        return thread.releaseProbe ?? ReleaseProbe()
    }
}

/// What writes and reclaims on one thread did during ``Container/probingReleases(_:)``.
package struct ReleaseProbe: Sendable {
    /// The batches of services that writes on the thread retired, by tag.
    package var retired: [UInt64] = []
    /// The batches that the thread freed, by tag, its own or other threads': their services
    /// were released before the probe ended.
    package var freed: Set<UInt64> = []
    /// The batches that a reclaim on the thread left waiting, by tag, because a load in
    /// progress announced an earlier epoch.
    package var heldBack: Set<UInt64> = []
    /// The batches that a write on the thread retired and another thread's scan (a load that
    /// ended meanwhile, or another write) freed before the write's own scan could.
    package var freedElsewhere: Set<UInt64> = []

    package init() {}

    /// Whether every batch retired during this probe or `others` was freed during one of them.
    ///
    /// - Parameter others: Probes of other threads that took part, such as loads whose end
    ///   freed what a write on this thread retired.
    /// - Returns: `true` when every retired service was released before the probes ended.
    package func freedEverythingRetired(with others: [ReleaseProbe] = []) -> Bool {
        let all = merged(with: others)
        return all.retired.allSatisfy(all.freed.contains)
    }

    /// The batches retired during this probe or `others` that none of them freed, saw held
    /// back by a load in progress, or saw freed by another thread: a write that should have
    /// freed them did not try.
    ///
    /// - Parameter others: Probes of other threads that took part.
    /// - Returns: The tags of those batches; empty when every batch is accounted for.
    package func unaccounted(with others: [ReleaseProbe] = []) -> [UInt64] {
        let all = merged(with: others)
        return all.retired.filter {
            !all.freed.contains($0) && !all.heldBack.contains($0) && !all.freedElsewhere.contains($0)
        }
    }

    /// Adds what `other` saw.
    package mutating func formUnion(_ other: ReleaseProbe) {
        retired += other.retired
        freed.formUnion(other.freed)
        heldBack.formUnion(other.heldBack)
        freedElsewhere.formUnion(other.freedElsewhere)
    }

    private func merged(with others: [ReleaseProbe]) -> ReleaseProbe {
        var all = self
        for other in others { all.formUnion(other) }
        return all
    }
}
