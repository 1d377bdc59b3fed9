import DCExampleAppInterfaces
import DependencyContainer
import DependencyContainerPlugins
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C functions a fixture exports for the tests, looked up in the loaded library.
private func fixtureFunction(_ symbol: String, in path: String) throws -> @convention(c) () -> Void {
    let handle = try #require(dlopen(path, RTLD_LAZY | RTLD_NOLOAD), "\(path) is not loaded")
    let address = try #require(dlsym(handle, symbol), "\(path) does not export \(symbol)")
    return unsafeBitCast(address, to: (@convention(c) () -> Void).self)
}

/// Plugins that write where they should not: after their register function returned, and
/// into the host's containers.
///
/// Serialized: one test registers into `Container.shared`.
@Suite("Plugins writing late, or outside their staging container", .serialized)
struct PluginWriteTests {
    @Test("A plugin writing to its staging container after registering never gets an undeclared ID adopted")
    func lateWrites() throws {
        let path = try library("LateWriteFixture")
        var loads = 0
        var refusals = 0
        for round in 1...300 {
            let container = Container()
            let loader = PluginLoader(container: container)
            let result = loader.load(at: path)
            switch result {
            case .loaded(let plugin):
                loads += 1
                #expect(plugin.providedIDs == ["ToastInjectID"], "round \(round)")
            case .failed(.manifestMismatch(_, let undeclared, let unregistered)):
                // The snapshot caught the writer between its register and unregister: refused whole.
                refusals += 1
                #expect(undeclared == ["AnalyticsInjectID"] && unregistered.isEmpty, "round \(round)")
            default:
                Issue.record("round \(round): \(result)")
            }
            try fixtureFunction("late_write_fixture_wait", in: path)()
            #expect(container.load(.analytics) == nil, "round \(round): an undeclared ID was adopted")
            #expect(
                container.registrations.allSatisfy { $0.id == "ToastInjectID" },
                "round \(round): \(container.registrations.map(\.id))")
            guard container.load(.analytics) == nil else { break }
        }
        #expect(loads > 0)
        _ = refusals
    }

    @Test("A write after the register function returned is refused and reported, never adopted")
    func reportedLateWrite() throws {
        let path = try library("LateWriteFixture")
        // A load whose snapshot caught the racing writer mid-way is refused; the next is not.
        var loaded: (Container, PluginLoader)?
        for _ in 1...50 where loaded == nil {
            let container = Container()
            let loader = PluginLoader(container: container)
            let result = loader.load(at: path)
            try fixtureFunction("late_write_fixture_wait", in: path)()
            if case .loaded = result { loaded = (container, loader) }
        }
        let (container, loader) = try #require(loaded, "the fixture never loaded")
        let before = loader.lateWrites.count
        try fixtureFunction("late_write_fixture_write", in: path)()
        let reported = loader.lateWrites.dropFirst(before)
        #expect(reported.count == 1)
        #expect(
            reported.first
                == "\(path): LateWriteFixture wrote [\"AnalyticsInjectID\"] to its staging container after its "
                + "register function returned; refused, nothing of it was adopted")
        #expect(container.load(.analytics) == nil)
        #expect(container.registrations.map(\.id) == ["ToastInjectID"])
    }

    @Test("A plugin registering into Container.shared is refused, naming the ID; nothing it staged is kept")
    func writesToShared() throws {
        let path = try library("SharedWriteFixture")
        Container.shared.unregister(id: "AnalyticsInjectID")
        defer { Container.shared.unregister(id: "AnalyticsInjectID") }
        let container = Container()
        let result = PluginLoader(container: container).load(at: path)
        guard case .failed(let error) = result else {
            Issue.record("expected a refusal, got \(result)")
            return
        }
        #expect(
            error
                == .manifestMismatch(
                    path: path, undeclared: ["AnalyticsInjectID (outside its staging container)"],
                    unregistered: []))
        #expect(container.registrations.isEmpty)
        #expect(error.description.contains("what it wrote outside its staging container stays"))
    }
}
