import DependencyContainer
import Testing

// The "Catching mistakes at build time" examples, compiled.

public protocol ChatInject: AnyObject {
    func open()
}

extension InjectID where Service == any ChatInject {
    // inject-lint: optional
    public static var chat: Self { InjectID("ChatInjectID") }
}

@Suite("Build-time check examples")
struct BuildTimeChecksExamplesTests {
    @Test("An optional ID is an ordinary ID at run time: absent means nil")
    func optionalID() {
        #expect(Container().load(.chat) == nil)
        #expect(InjectID<any ChatInject>.chat.name == "ChatInjectID")
    }
}
