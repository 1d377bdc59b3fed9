import DependencyContainerSystem

/// Frees the services that writes remove, before the write returns, once no load can still
/// be reading them.
///
/// Loads read a published singleton in place, without retaining it (rule 3 of
/// ``RegistrationStore``), so a write that removes a registration cannot free its service the
/// moment it unpublishes it: another thread may be between reading the pointer and copying
/// the value out. The reclaimer is epoch-based, as in user-space RCU, with a writer that waits
/// for the grace period itself (`synchronize_rcu`) instead of leaving the batch to readers:
///
/// - A read section (``ThreadState/beginRead()`` … ``ThreadState/endRead()``) covers only the
///   lookup of a published service and the hand-over of the value to the load's caller. No
///   code of the app runs inside one (no factory, hook, observer or diagnostics handler), and
///   no lock is taken that a writer holds while it waits, so every read section ends within
///   a bounded number of instructions, whatever factories run elsewhere.
/// - A write unpublishes the services first (``Registration/retireInstances(disposals:)``),
///   then calls ``retire(_:)``: it bumps the epoch and waits until no thread is still in a read
///   section that began before, then runs the dispose hooks and frees the services itself, on
///   its own thread, before it returns.
/// - The one exception is an async load that joined the creation of the service it will
///   return (``AsyncCreation``): it may be suspended, so the write parks the service on the
///   creation, and the last such load to return releases it (see ``AsyncCreation/park(_:)``).
///
/// A thread outside a read is always quiescent: an idle pool thread never holds an old
/// service back, and a factory blocked for good delays no release but those of the service
/// it is making. Both sides need a full fence between their store and their load; with
/// `membarrier` on Linux the writer pays a system call and the reader only a compiler
/// barrier.
final class InstanceReclaimer: Sendable {
    static let shared = InstanceReclaimer()

    /// Every thread's record; a writer holds the lock while it waits for readers, so that no
    /// record is freed under it (a thread in a read section never takes it).
    private let records = LockedValue<[ReaderRecord]>([])

    private init() {
        // Before the first record exists: readers pick their fence from what this decides.
        dc_reclamation_setup()
    }

    // MARK: Reader records

    /// A new record for a thread, quiescent.
    func makeRecord() -> ReaderRecord {
        let record = ReaderRecord()
        records.withLock { $0.append(record) }
        return record
    }

    /// Forgets the record of a thread that ends, and frees it.
    func removeRecord(_ record: ReaderRecord) {
        records.withLock { records in
            if let index = records.firstIndex(where: { $0.word == record.word }) {
                records.remove(at: index)
            }
        }
        record.deallocate()
    }

    // MARK: Retiring

    /// Disposes and frees `boxes`, retained singleton boxes and weak services that no
    /// registration publishes any more, once no read section that may have read them is in
    /// progress: before this method returns, except for a service that async loads which
    /// joined its creation may still return, which the last of them releases.
    ///
    /// Runs the dispose hooks on the calling thread, outside every lock.
    ///
    /// - Parameter boxes: Boxes from ``Registration/retireInstances(disposals:)``.
    /// - Complexity: O(*t*) in the number of threads that ever loaded and still run, plus a
    ///   `membarrier` system call where it is available; the wait for each thread in a read
    ///   section is bounded by that section, which runs no code of the app.
    func retire(_ boxes: [RetiredBox]) {
        guard !boxes.isEmpty else { return }
        // Loads that start from here on read the epoch after the bump, and so see the
        // unpublished pointers; those that announced an earlier epoch may hold them.
        let tag = GlobalAtomicWord.reclamationEpoch.add(1)
        // Orders the unpublishing before the scan on every thread: a load whose announcement
        // the scan misses reads the cleared pointer.
        dc_reclamation_writer_fence()
        waitForReaders(retiredAt: tag)
        var now: [RetiredBox] = []
        now.reserveCapacity(boxes.count)
        var parked = 0
        for box in boxes {
            if let creation = box.joinedCreation, creation.park(box) {
                parked += 1
            } else {
                now.append(box)
            }
        }
        Self.release(now)
        if let thread = ThreadState.existing, thread.releaseProbe != nil {
            thread.releaseProbe?.retired.append(tag)
            if parked == 0 {
                thread.releaseProbe?.freed.insert(tag)
            } else {
                thread.releaseProbe?.heldBack.insert(tag)
            }
        }
    }

    /// Waits until no thread is in a read section that began before the write that retired
    /// with `tag`.
    ///
    /// The calling thread's own record is skipped: a write never happens inside a read
    /// section, whose code never writes, so it cannot be holding what it retires.
    private func waitForReaders(retiredAt tag: UInt64) {
        let own = ThreadState.existing?.reader.word
        records.withLock { records in
            for record in records where record.word != own {
                GracePeriod.wait(for: record, retiredAt: tag)
            }
        }
    }

    /// Runs the dispose hooks of `boxes` and drops the registrations' references, which may
    /// free the services; outside every lock, since a hook or a `deinit` may load or write.
    static func release(_ boxes: [RetiredBox]) {
        guard !boxes.isEmpty else { return }
        PendingDisposal.run(in: boxes)
        for box in boxes {
            box.release()
        }
    }

    /// How many retired services wait for async loads that joined their creation, for tests.
    var parkedCount: Int {
        Int(GlobalAtomicWord.parkedReleases.loadRelaxed())
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
    /// The creation of an async shared service, whose joined loads may still return it;
    /// `nil` for every other registration.
    let joinedCreation: AsyncCreation?

    init(
        pointer: UnsafeMutableRawPointer?, disposal: PendingDisposal? = nil,
        joinedCreation: AsyncCreation? = nil
    ) {
        self.pointer = pointer
        self.disposal = disposal
        self.joinedCreation = joinedCreation
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

extension Container {
    /// How many retired services wait for async loads that joined their creation to return
    /// them; 0 when every service that writes removed has been freed.
    package static var pendingReclamationBatches: Int {
        InstanceReclaimer.shared.parkedCount
    }

    /// Runs `body` and reports which batches of services writes on the calling thread
    /// retired meanwhile, which of them they freed before returning, and which they left to
    /// async loads that joined the creation of a service in the batch; for tests of when
    /// services end.
    ///
    /// A write frees what it retires before it returns, whatever loads run elsewhere, unless
    /// an async load that joined the creation of a service it retires may still return that
    /// service; then the last such load frees it. Probes nest: an enclosing probe sees what a
    /// nested one saw.
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

/// What writes on one thread released during ``Container/probingReleases(_:)``.
package struct ReleaseProbe: Sendable {
    /// The batches of services that writes on the thread retired, by tag.
    package var retired: [UInt64] = []
    /// The batches that the thread freed whole, by tag: their services were released before
    /// the write returned.
    package var freed: Set<UInt64> = []
    /// The batches that a write on the thread could not free whole, by tag, because async
    /// loads that joined the creation of one of their services may still return it.
    package var heldBack: Set<UInt64> = []
    /// The batches that another thread freed; writes today free their own batches, so this
    /// stays empty unless a test merges other threads' probes.
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
    /// back by async loads that joined a creation, or saw freed by another thread: a write
    /// that should have freed them did not.
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
