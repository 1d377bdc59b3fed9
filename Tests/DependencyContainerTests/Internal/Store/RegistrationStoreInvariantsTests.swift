import Foundation
import Testing

@testable import DependencyContainer

@Suite("RegistrationStore invariants")
struct RegistrationStoreInvariantsTests {
    @Test("Every kind of write leaves the store's rules intact")
    func writes() {
        let container = Container()
        let point = ExtensionPoint<Int>("InvariantPoint-\(UUID())")
        let check = { container.store.checkInvariants() }
        for index in 0..<10 { container.register(InjectID<Int>("Invariant\(index)")) { index } }
        check()
        container.register(InjectID<Int>("Invariant3"), scope: .singleton) { 33 }
        _ = container.load(InjectID<Int>("Invariant3"))
        check()
        container.contribute(to: point, named: "a") { _ in 1 }
        container.contribute(to: point, named: "b") { _ in 2 }
        container.contribute(to: point, named: "a", priority: 5) { _ in 3 }
        container.removeContribution(named: "b", from: point)
        check()
        let staging = Container()
        staging.register(InjectID<Int>("Invariant4")) { 44 }
        staging.contribute(to: point, named: "c") { _ in 4 }
        #expect(container.adoptRegistrations(of: staging, replacingExisting: true).adopted)
        check()
        container.unregister(id: "Invariant5")
        check()
        container.removeAll()
        check()
        #expect(container.registrations.isEmpty)
    }

    @Test("A removed registration is retired, and a published snapshot matches the entries")
    func retiredAndPublished() {
        let container = Container()
        container.register(InjectID<Int>("InvariantRetired"), scope: .singleton) { 1 }
        // Enough loads to publish a snapshot, which the check compares with the entries.
        for _ in 0..<20 { _ = container.load(InjectID<Int>("InvariantRetired")) }
        container.store.checkInvariants()
        let old = container.store.read { $0["InvariantRetired"] }
        container.unregister(id: "InvariantRetired")
        #expect(old?.isRetired == true)
        container.store.checkInvariants()
    }

    @Test("The check names each broken rule")
    func violations() {
        let registration = Registration(
            id: "Actual", settings: RegistrationSettings(), provider: .closure(file: #fileID, line: #line),
            factory: TypedFactory<Int> { _ in 1 })
        let retired = Registration(
            id: "Retired", settings: RegistrationSettings(), provider: .closure(file: #fileID, line: #line),
            factory: TypedFactory<Int> { _ in 1 })
        _ = retired.retireInstances(disposals: nil)
        let snapshot = Snapshot(entries: [:], generation: 1)
        let found = RegistrationStore.invariantViolations(
            entries: [StoreKey("Listed"): registration, StoreKey("Retired"): retired], generation: 2,
            mirroredGeneration: 3,
            published: snapshot, removed: [retired], checkingAll: true)
        #expect(found.contains("the atomic generation 3 does not mirror 2"))
        #expect(found.contains("the published snapshot shows generation 1, not 2"))
        #expect(found.contains("the published snapshot differs from the entries"))
        #expect(found.contains("'Retired' was removed but is still an entry"))
        #expect(found.contains("the entry 'Listed' holds the registration of 'Actual'"))
        #expect(found.contains("the entry 'Retired' is retired"))
        #expect(found.count == 6)
    }

    @Test("Canonically equivalent IDs are one ID, as equal strings are")
    func canonicallyEquivalentIDs() {
        // The Kelvin sign, the Greek question mark and varia are equivalent to ASCII letters.
        let pairs = [
            ("\u{212A}elvin", "Kelvin"), ("a\u{37E}", "a;"), ("\u{1FEF}x", "`x"),
            ("caf\u{E9}", "cafe\u{301}"),
        ]
        for (registered, loaded) in pairs {
            #expect(StoreKey(registered) == StoreKey(loaded))
            #expect(StoreKey(registered).hashValue == StoreKey(loaded).hashValue)
            let container = Container()
            container.register(InjectID<String>(registered)) { registered }
            #expect(container.load(InjectID<String>(loaded)) == registered)
        }
        #expect(StoreKey("Kelvin") != StoreKey("kelvin"))
    }
}
