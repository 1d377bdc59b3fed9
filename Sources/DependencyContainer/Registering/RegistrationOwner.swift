/// Who put a group of registrations into a container, so that they can leave together: one
/// activation of a plugin.
///
/// A registration adopted with an owner keeps it through every copy a store makes of it (a
/// reset, a context switch), and the services made while it was in use remember it
/// (``Container/withdrawRegistrations(_:resettingDependents:whenChanged:)`` names them).
/// Owners are compared by serial number, which is never reused in a process.
package struct RegistrationOwner: Hashable, Sendable, CustomStringConvertible {
    /// The owner's serial number, unique in the process.
    let serial: UInt64

    private static let lastSerial = AtomicCounter(0)

    /// A new owner, unlike every other.
    package init() {
        serial = Self.lastSerial.add(1)
    }

    package var description: String { "owner #\(serial)" }
}
