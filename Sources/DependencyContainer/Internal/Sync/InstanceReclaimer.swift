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
/// - A read section (``ThreadState/beginRead(_:)`` … ``ThreadState/endRead()``) covers only the
///   lookup of a published service and the hand-over of a kept service to the load's caller,
///   and announces which registration it reads (``ReadKey``), so that a write waits only for
///   the sections that read a registration it retires.
///   No code of the app runs inside one (no factory, hook, observer or diagnostics handler),
///   no write, and no lock that a writer holds while it waits, so every read section ends
///   within a bounded number of instructions, whatever factories run elsewhere.
/// - A write unpublishes the services first (``Registration/retireInstances(disposals:)``),
///   then calls ``retire(_:)``: it bumps the epoch, waits until no thread is still in a read
///   section of those registrations that began before, then runs the dispose hooks and frees the services itself, on
///   its own thread, before it returns.
/// - A load that cannot hand a service over inside one read section (an async load that
///   waited for another task's creation) checks in a read section, after it resumes, that the
///   registration was not retired; if it was, it loads what replaced it instead.
///
/// A thread outside a read section is always quiescent: an idle pool thread never holds an
/// old service back, and a factory blocked for good delays no release. Both sides need a
/// full fence between their store and their load; with `membarrier` on Linux the writer pays
/// a system call and the reader only a compiler barrier.
final class InstanceReclaimer: Sendable {
    static let shared = InstanceReclaimer()

    /// Every record ever made, and those of threads that ended, to reuse.
    ///
    /// A record is never freed, so that writers wait on a copy of the list without holding the lock: a writer
    /// that waits for one thread never holds back other writers or new threads.
    private struct Records: Sendable {
        var all: [ReaderRecord] = []
        var unused: [ReaderRecord] = []
    }

    private let records = LockedValue(Records())

    private init() {
        // Before the first record exists: readers pick their fence from what this decides.
        dc_reclamation_setup()
    }

    // MARK: Reader records

    /// A record for a thread, quiescent: one a thread that ended left, or a new one.
    ///
    /// - Complexity: O(1) amortized; the records are as many as threads ever ran at once.
    func makeRecord() -> ReaderRecord {
        records.withLock { records in
            if let record = records.unused.popLast() { return record }
            let record = ReaderRecord()
            records.all.append(record)
            return record
        }
    }

    /// Takes back the record of a thread that ends, quiescent, for another thread to reuse.
    func removeRecord(_ record: ReaderRecord) {
        records.withLock { $0.unused.append(record) }
    }

    // MARK: Retiring

    /// Disposes of and frees `boxes`, retained singleton boxes and weak services that no
    /// registration publishes any more, once no read section that may have read them is in
    /// progress: before this method returns.
    ///
    /// Runs the dispose hooks on the calling thread, outside every lock.
    ///
    /// - Parameter boxes: Boxes from ``Registration/retireInstances(disposals:)``.
    /// - Complexity: O(*t*) in the number of threads that ever ran at once, plus a
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
        waitForReaders(retiredAt: tag, keys: Set(boxes.map(\.key)))
        PendingDisposal.run(in: boxes)
        for box in boxes {
            box.release()
        }
        if let thread = ThreadState.existing, thread.releaseProbe != nil {
            thread.releaseProbe?.retired.append(tag)
        }
    }

    /// Waits until no thread is in a read section that began before the write that retired
    /// with `tag` and reads a registration of `keys`.
    ///
    /// The calling thread's own record is skipped: a write never happens inside a read
    /// section, whose code never writes, so it cannot be holding what it retires.
    private func waitForReaders(retiredAt tag: UInt64, keys: Set<ReadKey>) {
        let own = ThreadState.existing?.reader.word
        // Copied under the lock: a copy of the list itself, shared with the next append,
        // would be read without it.
        let others = records.withLock { $0.all.filter { $0.word != own } }
        GracePeriod.wait(for: others, retiredAt: tag, keys: keys)
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
    /// What the read sections of its registration announce: the write waits only for those.
    let key: ReadKey

    init(pointer: UnsafeMutableRawPointer?, disposal: PendingDisposal? = nil, key: ReadKey) {
        self.pointer = pointer
        self.disposal = disposal
        self.key = key
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

/// What writes on one thread retired during ``Container/probingReleases(_:)``; each batch
/// was disposed of and freed before its write returned.
package struct ReleaseProbe: Sendable {
    /// The batches of services that writes on the thread retired, by tag.
    package var retired: [UInt64] = []

    package init() {}
}
