import DependencyContainer
import DependencyContainerPluginFixture
import Testing

@Suite("RegistrationPlugin on a real target")
struct RegistrationPluginTests {
    @Test("The generated entry registers every visible provider and item, and nothing else")
    func registersEverything() {
        let container = Container()
        DependencyContainerPluginFixture.register(into: container)
        #expect(
            Set(container.registrations.map(\.id)) == [
                "PlainGreeterInjectID", "LateGreeterInjectID", "NestedGreeterInjectID",
                "PlatformGreeterInjectID",
                "LegacyGreeterInjectID",
            ])
        #expect(container.load(.plain)?.greeting == "plain")
        #expect(container.load(.late)?.greeting == "late")
        #expect(container.load(.nested)?.greeting == "nested")
        #expect(container.load(.legacy)?.greeting == "legacy")
    }

    @Test("Providers under #if are registered under the same condition")
    func platform() {
        let container = Container()
        DependencyContainerPluginFixture.register(into: container)
        #if os(Linux)
            #expect(container.load(.platform)?.greeting == "linux")
        #else
            #expect(container.load(.platform)?.greeting == "other")
        #endif
    }

    @Test("The entry lists the types it registers")
    func registeredTypes() {
        #expect(
            DependencyContainerPluginFixture.registeredTypes.sorted() == [
                "LateProvider", "LegacyItem", "Namespace.NestedProvider", "PlainProvider", "PlatformProvider",
            ])
    }
}
