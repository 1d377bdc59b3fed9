import DependencyContainer
import DependencyContainerPluginFixture
import DependencyContainerPluginHostFixture
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
        #expect(report.hasNoProblems, "\(report)")
        // The legacy item cannot declare anything.
        #expect(report.unchecked.map(\.id) == ["LegacyGreeterInjectID"])

        container.unregister(.plain)
        let problem = try #require(container.verify().problems.first)
        #expect(problem.kind == .missingDependency)
        #expect(problem.registrationID == "LateGreeterInjectID")
        #expect(problem.dependencyID == "PlainGreeterInjectID")
    }
}

@Suite("RegistrationPlugin: load sites and inferred dependencies")
struct RegistrationPluginLoadSiteTests {
    @Test("loadSites lists the target's loads outside factories, with their #fileID and line")
    func loadSites() {
        let sites = DependencyContainerPluginFixture.loadSites
        #expect(sites.map(\.file) == ["DependencyContainerPluginFixture/LoadSites.swift"])
        #expect(sites.map(\.line) == [12])
        #expect(sites.map(\.dependency) == [.load(.plain)])
        #expect(sites.map(\.expression) == ["container.load(.plain)"])
    }

    @Test(
        "A closure registration is found by the line #line gives its verb, so its inferred dependencies apply"
    )
    func inferredDependencies() throws {
        let container = Container()
        DependencyContainerPluginFixture.register(into: container)
        GreeterScreen.registerEcho(into: container)
        let echo = try #require(container.registrations.first { $0.id == "EchoGreeterInjectID" })
        // The line of `.register`, not of `container` above it: what the generated entry names.
        #expect(echo.provider == "closure at DependencyContainerPluginFixture/LoadSites.swift:17")
        container.unregister(.plain)
        let problems = container.verify().problems
        #expect(
            problems.contains {
                $0.kind == .missingDependency && $0.registrationID == "EchoGreeterInjectID"
                    && $0.dependencyID == "PlainGreeterInjectID"
            }, "\(problems)")
    }
}

@Suite("RegistrationPlugin: a host named like its composition type, with a type-keyed assembly")
struct RegistrationPluginTypeKeyTests {
    private static let file = "DependencyContainerPluginHostFixture/TypeKeyedAssembly.swift"

    @Test("The entry compiles beside the host's own enum, under a name no file declares")
    func entryBesideTheCompositionType() {
        #expect(DependencyContainerPluginHostFixtureGeneratedEntry.registeredTypes.isEmpty)
        let container = Container()
        DependencyContainerPluginHostFixture.register(into: container)
        #expect(
            DependencyContainerPluginHostFixture.launch(container)?.notifier?.notify("hi") == "notified: hi")
    }

    @Test("Type keys are inferred from factories that return their implementation and inject properties")
    func inferredTypeKeys() throws {
        let container = Container()
        DependencyContainerPluginHostFixture.register(into: container)
        #expect(
            DependencyContainerPluginHostFixtureGeneratedEntry.loadSites.map(\.dependency) == [
                .load(.type(SettingsScreen.self))
            ])
        let report = container.verify()
        #expect(report.isClean, "\(report)")
        // Every registration is checked: an inferred empty list for the factories that load nothing.
        #expect(report.unchecked.isEmpty, "\(report)")

        container.unregister(.type(Notifier.self))
        let problems = container.verify().problems
        #expect(
            problems.contains {
                $0.kind == .missingDependency && $0.registrationID == "SettingsScreen"
                    && $0.dependencyID == "any Notifier"
            }, "\(problems)")
    }
}
