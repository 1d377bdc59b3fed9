import DependencyContainer
import Foundation
import Testing

/// A service made from a run-time argument.
private final class StreamPlayer: PlayerInject {
    let url: URL
    let toast: (any ToastInject)?
    var title: String { url.lastPathComponent }

    init(url: URL, toast: (any ToastInject)? = nil) {
        self.url = url
        self.toast = toast
    }
}

private let liveURL = URL(string: "https://example.com/live.m3u8")!

// Loads with arguments whose types differ from the registration's. CI runs this suite in a
// release build too, where a type confusion would corrupt memory rather than trap.
@Suite("Factories with arguments", .tags(.badInput))
struct ArgumentFactoryTests {
    @Test("A load with an argument makes a new service from it, with no cast at the call site")
    func typedLoad() {
        let container = Container()
        let id = ArgumentInjectID<URL, StreamPlayer>("Stream-\(UUID())")
        container.register(InjectID<any ToastInject>.toast, scope: .singleton) { RecordingToast() }
        container.register(id) { resolver, url in StreamPlayer(url: url, toast: resolver.load(.toast)) }

        let player: StreamPlayer? = container.load(id, argument: liveURL)
        #expect(player?.url == liveURL)
        #expect(player?.toast != nil)
        let other = container.load(id, argument: URL(string: "https://example.com/other.m3u8")!)
        #expect(other?.title == "other.m3u8")
        #expect(other !== player)
        #expect((try? container.require(id, argument: liveURL))?.url == liveURL)
        // Through a resolver, from another factory.
        let viaResolver = InjectID<StreamPlayer?>("ViaResolver-\(UUID())")
        container.register(viaResolver) { resolver in resolver.load(id, argument: liveURL) }
        #expect(container.load(viaResolver)??.url == liveURL)
    }

    @Test("An ID declared with another argument type loads as nil with a named error")
    func wrongArgumentType() throws {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let name = "Stream-\(UUID())"
        container.register(ArgumentInjectID<URL, StreamPlayer>(name)) { _, url in StreamPlayer(url: url) }

        // The same name declared elsewhere from a string, with other types.
        #expect(container.load(ArgumentInjectID<Int, StreamPlayer>(name), argument: 7) == nil)
        #expect(container.load(ArgumentInjectID<String, any PlayerInject>(name), argument: "x") == nil)
        #expect(throws: ContainerError.self) {
            try container.require(ArgumentInjectID<Int, StreamPlayer>(name), argument: 1)
        }
        do {
            _ = try container.require(ArgumentInjectID<Int, StreamPlayer>(name), argument: 1)
        } catch {
            #expect(error.id == name)
            guard case .argumentMismatch(_, let requested, let registered) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(requested == "Int")
            #expect(registered == "URL")
            #expect(error.description.contains("takes an argument of type `URL`"))
        }
        let mismatches = log.all.filter {
            if case .failed(.argumentMismatch(id: name, _, _)) = $0 { return true }
            return false
        }
        #expect(mismatches.count == 2)
    }

    @Test("An argument of a wider static type is checked at run time")
    func widerArgumentType() {
        let container = Container()
        let name = "Stream-\(UUID())"
        container.register(ArgumentInjectID<URL, StreamPlayer>(name)) { _, url in StreamPlayer(url: url) }

        // The argument's dynamic type is right: the checked path makes the service.
        let wide = ArgumentInjectID<Any, any PlayerInject>(name)
        #expect(container.load(wide, argument: liveURL)?.title == "live.m3u8")
        // A wrong dynamic type or a wrong service type is a named error.
        #expect(container.load(wide, argument: 42) == nil)
        #expect(throws: ContainerError.self) { try container.require(wide, argument: 42) }
        #expect(container.load(ArgumentInjectID<URL, any AnalyticsInject>(name), argument: liveURL) == nil)
        do {
            _ = try container.require(ArgumentInjectID<URL, any AnalyticsInject>(name), argument: liveURL)
            Issue.record("a wrong service type loaded")
        } catch {
            guard case .typeMismatch = error else {
                Issue.record("unexpected error \(error)")
                return
            }
        }
    }

    @Test("Loading an argument factory without an argument, and the reverse, are named errors")
    func argumentPresence() {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let name = "Stream-\(UUID())"
        container.register(ArgumentInjectID<URL, StreamPlayer>(name)) { _, url in StreamPlayer(url: url) }
        container.register(InjectID<any PlayerInject>("Plain-\(name)")) { StubPlayer() }

        // Through a plain ID, the string API, and the original item API.
        #expect(container.load(InjectID<StreamPlayer>(name)) == nil)
        #expect(container.load(InjectID<Any>(name)) == nil)
        #expect(container.load(for: name) == nil)
        #expect(container.load(ArgumentInjectID<Int, any PlayerInject>("Plain-\(name)"), argument: 1) == nil)
        let requested = log.all.compactMap { event -> String? in
            guard case .failed(.argumentMismatch(_, let requested, let registered)) = event else {
                return nil
            }
            return "\(requested ?? "none")/\(registered ?? "none")"
        }
        #expect(requested == ["none/URL", "none/URL", "none/URL", "Int/none"])
        #expect(log.descriptions[0].contains("needs an argument of type `URL`"))
        #expect(log.descriptions[3].contains("registered without an argument"))
    }

    @Test("Missing, throwing and self-loading argument factories")
    func failures() {
        let container = Container()
        let missing = ArgumentInjectID<Int, StubPlayer>("Missing-\(UUID())")
        #expect(container.load(missing, argument: 1) == nil)
        #expect(throws: ContainerError.self) { try container.require(missing, argument: 1) }

        let throwing = ArgumentInjectID<Int, StubPlayer>("Throwing-\(UUID())")
        container.register(throwing) { _, value in
            guard value > 0 else { throw CocoaError(.featureUnsupported) }
            return StubPlayer(title: "\(value)")
        }
        #expect(container.load(throwing, argument: 3)?.title == "3")
        #expect(container.load(throwing, argument: 0) == nil)

        let recursive = ArgumentInjectID<Int, StubPlayer>("Recursive-\(UUID())")
        container.register(recursive) { resolver, depth in
            StubPlayer(title: resolver.load(recursive, argument: depth + 1)?.title ?? "none")
        }
        do {
            _ = try container.require(recursive, argument: 0)
            Issue.record("a self-loading argument factory loaded")
        } catch {
            guard case .cycle(let path) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path == [recursive.name, recursive.name])
        }
    }

    @Test("Introspection shows an argument factory's function type")
    func introspection() throws {
        let container = Container()
        let id = ArgumentInjectID<URL, any PlayerInject>("Stream-\(UUID())")
        container.register(id) { _, url in StreamPlayer(url: url) }
        let info = try #require(container.registrations.first { $0.id == id.name })
        #expect(info.serviceType == "(URL) -> any PlayerInject")
        #expect(info.scope == .transient)
        #expect(id.description.hasSuffix("((URL) -> any PlayerInject)"))
    }
}
