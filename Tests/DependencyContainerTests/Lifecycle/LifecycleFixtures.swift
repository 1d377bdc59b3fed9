import DependencyContainer

/// A service with a name, which records when it is disposed.
final class Connection: Sendable {
    let name: String
    private let disposals = Counter()
    private let configured = Counter()
    let link = Protected<Connection?>(nil)

    init(_ name: String, link: Connection? = nil) {
        self.name = name
        self.link.withLock { $0 = link }
    }

    /// What a dispose hook calls.
    func close() { disposals.increment() }
    var closeCount: Int { disposals.count }
    var isClosed: Bool { disposals.count > 0 }

    /// What a creation hook calls.
    func configure() { configured.increment() }
    var configureCount: Int { configured.count }
}

/// The names of disposed services, in the order their hooks ran.
final class DisposalLog: Sendable {
    private let names = Protected<[String]>([])

    func record(_ connection: Connection) {
        connection.close()
        names.withLock { $0.append(connection.name) }
    }

    var all: [String] { names.withLock { $0 } }
}

extension Scope {
    static let lifecycleSession = Scope.named("lifecycle-session")
}
