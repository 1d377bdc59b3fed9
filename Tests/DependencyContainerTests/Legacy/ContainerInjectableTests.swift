import DependencyContainer
import Dispatch
import Foundation
import Testing

let seedToastInjectID = "SeedToastInjectID"

final class SeedToastItem: Injectable {
    var id: String = seedToastInjectID
    required init() {}
    func resolve() -> AnyObject { RecordingToast() }
}

final class EmptyIDItem: Injectable {
    var id: String = ""
    required init() {}
    func resolve() -> AnyObject { RecordingToast() }
}

/// An item whose service conforms to no inject protocol.
final class WrongTypeItem: Injectable {
    var id: String = "WrongTypeInjectID"
    required init() {}
    func resolve() -> AnyObject { StubPlayer() }
}

@Suite("Container: the original Injectable API", .tags(.concurrency))
struct ContainerInjectableTests {
    @Test("Absent, then registered, then unknown")
    func seedLifecycle() {
        let container = Container()
        #expect(container.load(for: seedToastInjectID) == nil)
        container.regist(injectType: SeedToastItem.self)
        let item = container.load(for: seedToastInjectID)
        #expect(item is SeedToastItem)
        #expect(item?.resolve() is any ToastInject)
        #expect(container.load(for: "UnknownInjectID") == nil)
    }

    @Test("A seed item is loadable by the typed ID with the same string")
    func seedThroughTypedID() {
        let container = Container()
        container.regist(injectType: SeedToastItem.self)
        #expect(container.load(InjectID<any ToastInject>(seedToastInjectID)) is RecordingToast)
    }

    @Test("A typed registration is visible to load(for:), with its scope")
    func typedThroughSeed() {
        let container = Container()
        container.register(.player, scope: .singleton) { _ in StubPlayer(title: "typed") }
        let item = container.load(for: "PlayerInjectID")
        #expect(item?.id == "PlayerInjectID")
        let first = item?.resolve() as? any PlayerInject
        #expect(first?.title == "typed")
        #expect(first === (container.load(for: "PlayerInjectID")?.resolve() as? any PlayerInject))
    }

    @Test("A typed registration of a value type resolves to a boxed object")
    func typedValueThroughSeed() {
        let container = Container()
        container.register(InjectID<Int>("answer")) { _ in 42 }
        #expect(container.load(for: "answer")?.resolve() as? Int == 42)
    }

    @Test("A failing typed registration resolves to an object that casts to nothing")
    func failingTypedThroughSeed() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        container.register(.toast) { _ throws -> any ToastInject in throw ToastFailure() }
        let object = container.load(for: "ToastInjectID")?.resolve()
        #expect(object != nil)
        #expect(!(object is any ToastInject))
        #expect(String(describing: object.map { $0 }!).contains("toast service is down"))
        #expect(log.descriptions.count == 1)
    }

    @Test("An item with an empty ID is rejected and reported")
    func emptySeedID() {
        let container = Container()
        let outcome = container.register(injectType: EmptyIDItem.self)
        #expect(!outcome.isRegistered)
        #expect(container.registrations.isEmpty)
    }

    @Test("A seed item of the wrong type is a named type mismatch for the typed API")
    func seedWrongType() {
        let container = Container()
        container.regist(injectType: WrongTypeItem.self)
        #expect(container.load(InjectID<any ToastInject>("WrongTypeInjectID")) == nil)
        #expect {
            try container.require(InjectID<any ToastInject>("WrongTypeInjectID"))
        } throws: { error in
            (error as? ContainerError)?.description
                == "ID 'WrongTypeInjectID' is registered, but its value StubPlayer is not an `any ToastInject`"
        }
    }

    @Test("Re-registering a seed item replaces it, as in the original")
    func seedReplacement() {
        let container = Container()
        container.register(.toast) { _ in RecordingToast() }
        container.regist(injectType: SeedToastItem.self)
        let outcome = container.register(injectType: SeedToastItem.self)
        if case .replaced(let previous) = outcome {
            #expect(previous.provider.hasSuffix("SeedToastItem"))
        } else {
            Issue.record("expected .replaced, got \(outcome)")
        }
    }
}

@Suite("Container.shared through the original API", .serialized, .tags(.concurrency))
struct SharedContainerInjectableTests {
    @Test("Threads registering and loading at once neither crash nor lose registrations")
    func concurrentSeedUse() {
        let shared = Container.shared
        let iterations = 2_000
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in 0..<iterations {
                if worker % 2 == 0 {
                    shared.regist(injectType: SeedToastItem.self)
                } else {
                    let toast = shared.load(for: seedToastInjectID)?.resolve()
                    #expect(toast == nil || toast is any ToastInject, "iteration \(index)")
                }
            }
        }
        #expect(shared.load(for: seedToastInjectID)?.resolve() is any ToastInject)
        shared.unregister(id: seedToastInjectID)
        #expect(shared.load(for: seedToastInjectID) == nil)
    }
}
