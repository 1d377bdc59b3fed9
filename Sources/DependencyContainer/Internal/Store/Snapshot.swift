import DependencyContainerKernel

/// An immutable view of a container's registrations, shared by every thread that reads it.
final class Snapshot: Sendable {
    /// The registrations by ID: the store's own dictionary, shared rather than copied.
    let entries: [String: Registration]
    /// The store generation this snapshot shows.
    let generation: UInt64

    init(entries: [String: Registration], generation: UInt64) {
        self.entries = entries
        self.generation = generation
    }

    /// The registration of `name`, unretained: a load that retained it would write to
    /// memory every other reader reads.
    @inline(__always)
    func registration(named name: String) -> Borrowed<Registration>? {
        entries[name].map { Borrowed($0) }
    }
}
