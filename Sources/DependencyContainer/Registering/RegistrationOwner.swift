/// Who put a group of registrations into a container, so that they can leave together: one
/// activation of a plugin.
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
