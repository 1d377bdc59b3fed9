/// An immutable view of a container's registrations, shared by every thread that reads it.
///
/// See ``RegistrationStore`` for the rules that keep reading it without locks safe.
final class Snapshot: Sendable {
    /// The registrations by ID, unretained so that a lookup copies no reference: a load that
    /// retained the registration would write to memory every other reader reads.
    let lookup: [String: Unmanaged<Registration>]
    /// The store generation this snapshot shows.
    let generation: UInt64
    /// Keeps every registration in `lookup` alive; an array, so that the container's own
    /// dictionary is not shared and a later change does not copy it.
    private let owners: ContiguousArray<Registration>

    init(entries: [String: Registration], generation: UInt64) {
        self.lookup = entries.mapValues { Unmanaged.passUnretained($0) }
        self.generation = generation
        self.owners = ContiguousArray(entries.values)
    }
}
