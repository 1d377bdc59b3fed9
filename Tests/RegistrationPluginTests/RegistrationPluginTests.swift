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
                "LegacyGreeterInjectID", "NamedGreeterInjectID", "SessionGreeterInjectID",
                "SpacedGreeterInjectID",
            ])
        #expect(container.load(.plain)?.greeting == "plain")
        #expect(container.load(.late)?.greeting == "late")
        #expect(container.load(.nested)?.greeting == "nested")
        #expect(container.load(.legacy)?.greeting == "legacy")
        // The stand-in marked `// inject-lint: override` is left out, so the real one stays.
        #expect(container.load(.plain)?.greeting == "plain")
    }

    @Test("Argument providers, providers in named scopes and backticked names are registered")
    func providerKinds() {
        let container = Container()
        DependencyContainerPluginFixture.register(into: container)
        #expect(container.load(.named, argument: "Ada")?.greeting == "hello, Ada")
        #expect(container.load(.spaced)?.greeting == "spaced")
        let session = container.load(.session)
        #expect(session != nil && container.load(.session) === session)
        container.reset(scope: .session)
        #expect(container.load(.session) !== session)
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
                "LateProvider", "LegacyItem", "NamedGreeterProvider", "Namespace.NestedProvider",
                "PlainProvider",
                "PlatformProvider", "SessionGreeterProvider", "Spaced Provider",
            ])
    }

    @Test("Generated registrations declare what each provider loads, so verify() checks them")
    func declaredDependencies() throws {
        let container = Container()
        DependencyContainerPluginFixture.register(into: container)
        let late = try #require(container.registrations.first { $0.id == "LateGreeterInjectID" })
        #expect(late.dependencies == [.require(.plain), .lazy(.nested)])
        let report = container.verify()
        #expect(report.isClean, "\(report)")
        // The legacy item cannot declare anything.
        #expect(report.unchecked.map(\.id) == ["LegacyGreeterInjectID"])

        container.unregister(.plain)
        let problem = try #require(container.verify().problems.first)
        #expect(problem.kind == .missingDependency)
        #expect(problem.registrationID == "LateGreeterInjectID")
        #expect(problem.dependencyID == "PlainGreeterInjectID")
    }
}
