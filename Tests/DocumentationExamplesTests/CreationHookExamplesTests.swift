import DependencyContainer
import Testing

// The examples of several creation hooks, decorators and graph cycles through creation hooks:
// the doc comments of `ServiceLifecycle.addingCreationHook(_:)`, `Container.decorateCreations(_:)`
// and `CreatedService`, and the Lifecycle hooks article, compiled and run.

/// A feed that records what was done to it.
final class Feed: Sendable {
    private let events = LockedValue<[String]>([])

    func record(_ event: String) { events.withLock { $0.append(event) } }
    var recorded: [String] { events.withLock { $0 } }
}

/// A document, made with its editor.
final class Document: Sendable {
    let editor: Editor

    init(editor: Editor) {
        self.editor = editor
    }
}

/// An editor, which points back at its document weakly.
final class Editor: Sendable {
    private let owner = LockedValue<WeakDocument>(WeakDocument())

    func attach(to document: Document?) { owner.withLock { $0.document = document } }
    var document: Document? { owner.withLock { $0.document } }
}

struct WeakDocument: Sendable {
    weak var document: Document?
}

extension InjectID where Service == Feed {
    static var feed: Self { InjectID("FeedInjectID") }
}

extension InjectID where Service == Document {
    static var document: Self { InjectID("DocumentInjectID") }
}

extension InjectID where Service == Editor {
    static var editor: Self { InjectID("EditorInjectID") }
}

@Suite("Creation hook examples")
struct CreationHookExamplesTests {
    @Test("Several creation hooks run in the order added")
    func severalHooks() throws {
        let container = Container()
        container.register(.analytics, scope: .singleton) { ConsoleAnalytics() }
        let lifecycle = ServiceLifecycle<Feed>(onCreate: { feed, _ in feed.record("configured") })
            .addingCreationHook { feed, resolver in
                feed.record(resolver.load(.analytics) == nil ? "no analytics" : "tracked")
            }
        container.register(.feed, scope: .singleton, lifecycle: lifecycle) { Feed() }
        #expect(try container.require(.feed).recorded == ["configured", "tracked"])
        let info = try #require(container.registrations.first { $0.id == "FeedInjectID" })
        print(info)  // FeedInjectID: Feed [singleton] from … (hooks: 2 on create)
        #expect(info.description.hasSuffix("(hooks: 2 on create)"))
    }

    @Test("A decorator runs on every service the container makes")
    func decorator() throws {
        let container = Container()
        container.register(.feed) { Feed() }
        let made = LockedValue<[String]>([])
        let token = container.decorateCreations { created in
            made.withLock { $0.append(created.id) }
        }
        _ = container.load(.feed)  // made: ["FeedInjectID"]
        token.cancel()
        #expect(made.withLock { $0 } == ["FeedInjectID"])
        let tagging = container.decorateCreations { created in
            if let feed = created.service as? Feed {
                feed.record("made as \(created.id)")
            }
        }
        #expect(try container.require(.feed).recorded == ["made as FeedInjectID"])
        withExtendedLifetime(tagging) {}
    }

    @Test("Inside a graph, a hook that loads the service whose factory made it gets that one")
    func graphCycle() throws {
        let container = Container()
        container.register(.document, scope: .graph) { r in Document(editor: try r.require(.editor)) }
        container.register(
            .editor, scope: .graph, onCreate: { editor, r in editor.attach(to: r.load(.document)) }
        ) {
            Editor()
        }
        let document = try container.require(.document)  // document.editor.document === document
        #expect(document.editor.document === document)
    }
}
