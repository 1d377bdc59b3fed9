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

func showPreview(on screen: Container) {
    // inject-lint: override
    screen.register(.toast) { BannerToast() }
}

@Suite("Build-time check examples")
struct BuildTimeChecksExamplesTests {
    @Test("An optional ID is an ordinary ID at run time: absent means nil")
    func optionalID() {
        #expect(Container().load(.chat) == nil)
        #expect(InjectID<any ChatInject>.chat.name == "ChatInjectID")
    }

    @Test("A registration marked as an override is an ordinary registration at run time")
    func overrideMarker() {
        let screen = Container(parent: Container())
        showPreview(on: screen)
        #expect(screen.load(.toast) is BannerToast)
    }
}
