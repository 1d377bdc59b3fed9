import DependencyContainer
import Testing

// Loads whose requested type differs from what the registration's factory makes. These ran
// into an `unsafeDowncast` of the factory once; CI runs this suite in a release build too,
// where such a mismatch is memory corruption rather than a trap.
@Suite("Loads whose type differs from the registration's", .tags(.badInput))
struct MismatchedLoadTests {
    @Test("A seed item loads through InjectID<AnyObject>, in every scope the item API has")
    func seedItemThroughAnyObject() {
        let container = Container()
        container.regist(injectType: SeedToastItem.self)
        let id = InjectID<AnyObject>("SeedToastInjectID")
        for _ in 0..<3 {
            #expect(container.load(id) is RecordingToast)
        }
        #expect((try? container.require(id)) is RecordingToast)
    }

    @Test("A seed item loaded through a wrong typed ID is nil plus a type-mismatch diagnostic")
    func seedItemThroughWrongID() throws {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        container.regist(injectType: SeedToastItem.self)

        #expect(container.load(InjectID<any PlayerInject>("SeedToastInjectID")) == nil)
        #expect(container.load(InjectID<Int>("SeedToastInjectID")) == nil)
        #expect(container.load(InjectID<RecordingToast>("SeedToastInjectID")) != nil)
        let mismatches = log.all.filter {
            if case .failed(.typeMismatch(id: "SeedToastInjectID", _, _)) = $0 { return true }
            return false
        }
        #expect(mismatches.count == 2)
        #expect(log.descriptions.contains { $0.contains("any PlayerInject") })
    }

    @Test("A typed registration loaded through another type, in every scope", arguments: Scope.builtIn)
    func typedRegistrationThroughOtherTypes(scope: Scope) {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let name = "MismatchedToast-\(scope)"
        container.register(InjectID<any ToastInject>(name), scope: scope) { RecordingToast() }

        // Twice each: the first load may create the service, the second reads it back.
        for _ in 0..<2 {
            #expect(container.load(InjectID<AnyObject>(name)) is RecordingToast)
            #expect(container.load(InjectID<Any>(name)) is RecordingToast)
            #expect(container.load(InjectID<any PlayerInject>(name)) == nil)
            #expect(container.load(InjectID<String>(name)) == nil)
            #expect(container.load(InjectID<RecordingToast>(name)) != nil)
            #expect(container.load(InjectID<any ToastInject>(name)) != nil)
        }
        #expect(log.all.count == 4)
        #expect(throws: ContainerError.self) { try container.require(InjectID<Int>(name)) }
    }

    @Test("A value-type registration loaded as a class type or a wider type", arguments: Scope.builtIn)
    func valueRegistrationThroughOtherTypes(scope: Scope) {
        let container = Container()
        let name = "MismatchedValue-\(scope)"
        container.register(InjectID<Int>(name), scope: scope) { 42 }
        for _ in 0..<2 {
            // Swift boxes any value as an object, so this cast succeeds like `42 as AnyObject`.
            #expect(container.load(InjectID<AnyObject>(name)) as? Int == 42)
            #expect(container.load(InjectID<Any>(name)) as? Int == 42)
            #expect(container.load(InjectID<any PlayerInject>(name)) == nil)
            #expect(container.load(InjectID<Int?>(name)) == 42)
            #expect(container.load(InjectID<String>(name)) == nil)
            #expect(container.load(InjectID<Int>(name)) == 42)
        }
    }

    @Test("A seed item and a typed registration reached through load(for:) and a typed ID alike")
    func bothAPIsAgree() {
        let container = Container()
        container.regist(injectType: SeedToastItem.self)
        container.register(InjectID<any PlayerInject>("SeedPlayerInjectID")) { StubPlayer() }
        #expect(container.load(for: "SeedToastInjectID")?.resolve() is RecordingToast)
        #expect(container.load(for: "SeedPlayerInjectID")?.resolve() is StubPlayer)
        #expect(container.load(InjectID<AnyObject>("SeedPlayerInjectID")) is StubPlayer)
    }
}
