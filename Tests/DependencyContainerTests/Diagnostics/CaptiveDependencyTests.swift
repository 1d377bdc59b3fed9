import DependencyContainer
import Testing

private final class Session: Sendable {}

private final class Holder: Sendable {
    let session: Session?
    init(session: Session?) { self.session = session }
}

@Suite("Captive dependencies")
struct CaptiveDependencyTests {
    private static let session = InjectID<Session>("CaptiveSessionInjectID")
    private static let holder = InjectID<Holder>("CaptiveHolderInjectID")
    private static let middle = InjectID<Holder>("CaptiveMiddleInjectID")

    private static func makeContainer(holderScope: Scope) -> (Container, EventLog) {
        let container = Container()
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        container.register(session, scope: .session) { Session() }
        container.register(holder, scope: holderScope) { resolver in Holder(session: resolver.load(session)) }
        return (container, log)
    }

    private static func captiveErrors(_ log: EventLog) -> [ContainerError] {
        log.all.compactMap { event in
            if case .captiveDependency(let error) = event { return error }
            return nil
        }
    }

    @Test("A singleton whose factory loads a session service is reported, naming both IDs and scopes")
    func singletonCapturesSession() {
        let (container, log) = Self.makeContainer(holderScope: .singleton)
        #expect(container.load(Self.holder)?.session != nil, "reported, not refused, by default")
        let errors = Self.captiveErrors(log)
        #expect(errors.count == 1)
        guard case .captiveDependency(let id, let scope, let dependency, let dependencyScope)? = errors.first
        else {
            Issue.record("no captive dependency reported: \(log.all)")
            return
        }
        #expect(id == Self.holder.name && dependency == Self.session.name)
        #expect(scope == "singleton" && dependencyScope == "session")
        #expect("\(errors[0])".contains("CaptiveHolderInjectID") && "\(errors[0])".contains("session"))
    }

    @Test("The check also fires when the session service already exists")
    func existingSessionService() {
        let (container, log) = Self.makeContainer(holderScope: .singleton)
        _ = container.load(Self.session)
        _ = container.load(Self.holder)
        #expect(Self.captiveErrors(log).count == 1)
    }

    @Test(
        "An async singleton factory that awaits a session service, existing or not, through its resolver or the container, is reported too",
        arguments: [false, true], [false, true])
    func asyncHolderOfSession(sessionExists: Bool, throughContainer: Bool) async {
        let (container, log) = Self.makeContainer(holderScope: .transient)
        if sessionExists { _ = container.load(Self.session) }
        container.registerAsync(Self.middle, scope: .singleton) { resolver in
            await Holder(
                session: throughContainer
                    ? container.loadAsync(Self.session) : resolver.loadAsync(Self.session))
        }
        _ = await container.loadAsync(Self.middle)
        #expect(Self.captiveErrors(log).first?.id == Self.middle.name)
    }

    @Test("Through a transient service in between, the singleton is still the holder")
    func throughTransient() {
        let (container, log) = Self.makeContainer(holderScope: .singleton)
        container.register(Self.middle) { resolver in Holder(session: resolver.load(Self.session)) }
        container.register(Self.holder, scope: .singleton) { resolver in
            Holder(session: resolver.load(Self.middle)?.session)
        }
        _ = container.load(Self.holder)
        #expect(Self.captiveErrors(log).first?.id == Self.holder.name)
    }

    @Test("Transient and same-scope holders are fine", arguments: [Scope.transient, .graph])
    func shortLivedHolders(scope: Scope) {
        let (container, log) = Self.makeContainer(holderScope: scope)
        _ = container.load(Self.holder)
        container.register(Self.middle, scope: .session) { resolver in
            Holder(session: resolver.load(Self.session))
        }
        _ = container.load(Self.middle)
        #expect(Self.captiveErrors(log).isEmpty)
    }

    @Test("Under the fail policy the singleton's load fails and nothing is cached")
    func failPolicy() throws {
        let (container, log) = Self.makeContainer(holderScope: .singleton)
        container.captiveDependencyPolicy = .fail
        let child = Container(parent: container)
        #expect(child.captiveDependencyPolicy == .fail, "a child inherits the policy")
        #expect(container.load(Self.holder) == nil)
        #expect(throws: ContainerError.self) { try container.require(Self.holder) }
        #expect(Self.captiveErrors(log).count == 2)
        container.captiveDependencyPolicy = .report
        #expect(container.load(Self.holder)?.session != nil)
    }
}
