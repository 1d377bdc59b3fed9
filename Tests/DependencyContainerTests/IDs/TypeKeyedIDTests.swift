import DependencyContainer
import Testing

@Suite("Type-keyed IDs")
struct TypeKeyedIDTests {
    @Test("An ID derived from a type is named after the type as written")
    func names() {
        #expect(InjectID(type: (any ToastInject).self).name == "any ToastInject")
        #expect(InjectID(type: StubPlayer.self).name == "StubPlayer")
        #expect(InjectID(type: Int.self).name == "Int")
        #expect(InjectID(type: (any ToastInject).self).name != InjectID(type: (any PlayerInject).self).name)
    }

    @Test("A type-keyed ID works wherever a string ID does")
    func usableAsStringID() {
        let container = Container()
        let id = InjectID(type: RecordingToast.self)
        container.register(id, scope: .singleton) { RecordingToast() }

        let typed = container.load(.type(RecordingToast.self))
        #expect(typed != nil)
        #expect(container.load(InjectID<RecordingToast>("RecordingToast")) === typed)
        #expect(container.load(for: id.name)?.resolve() === typed)
        #expect(container.registrations.map(\.id).contains("RecordingToast"))
        #expect(container.unregister(id: "RecordingToast"))
        #expect(container.load(id) == nil)
    }
}

@Suite("The deprecated typeKeyed")
struct DeprecatedTypeKeyedTests {
    @available(*, deprecated, message: "tests the deprecated typeKeyed")
    @Test("typeKeyed is the ID of the type the context infers, the same as .type(_:)")
    func sameAsSpelledType() {
        #expect(InjectID<any ToastInject>.typeKeyed == InjectID(type: (any ToastInject).self))
        #expect(InjectID<any ToastInject>.typeKeyed == .type(ToastInject.self))
        let container = Container()
        container.register(.typeKeyed) { RecordingToast() }
        // The factory's result picked the key: the implementation's, not the protocol's.
        #expect(container.registrations.map(\.id) == ["RecordingToast"])
    }
}

@Suite("Type keys spelled with their type")
struct SpelledTypeKeyTests {
    @Test("A registration keyed by .type(P.self) converts what its factory returns to the protocol")
    func registrationConvertsToTheNamedType() {
        let container = Container()
        container.register(.type(ToastInject.self), scope: .singleton) {
            let toast = RecordingToast()
            return toast
        }
        #expect(container.registrations.map(\.id) == ["any ToastInject"])
        let toast = container.load(.type(ToastInject.self))
        #expect(toast is RecordingToast)
        #expect(container.load(.type(RecordingToast.self)) == nil)
    }
}
