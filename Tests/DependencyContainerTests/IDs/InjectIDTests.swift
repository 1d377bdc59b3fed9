import DependencyContainer
import Testing

@Suite("InjectID")
struct InjectIDTests {
    @Test("IDs with equal names are equal whatever they promise to hold")
    func equality() {
        #expect(InjectID<Int>("a") == InjectID<Int>("a"))
        #expect(InjectID<Int>("a") != InjectID<Int>("b"))
        #expect(Set([InjectID<Int>("a"), InjectID<Int>("a")]).count == 1)
    }

    @Test("Canonically equivalent names are the same ID")
    func canonicalEquivalence() {
        let precomposed = InjectID<Int>("caf\u{E9}")
        let decomposed = InjectID<Int>("cafe\u{301}")
        #expect(precomposed == decomposed)
        #expect(precomposed.hashValue == decomposed.hashValue)
    }

    @Test("The description names the string and the service type")
    func description() {
        #expect(InjectID<any ToastInject>.toast.description == "'ToastInjectID' (any ToastInject)")
    }

    @Test("A static member of a constrained extension needs no type annotation")
    func implicitMember() {
        let container = Container()
        container.register(.toast) { _ in RecordingToast() }
        let toast: (any ToastInject)? = container.load(.toast)
        #expect(toast is RecordingToast)
    }
}
