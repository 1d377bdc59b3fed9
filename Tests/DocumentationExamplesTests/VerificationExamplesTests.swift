import DependencyContainer
import Foundation
import Testing

// The examples of verify()'s doc comments and the Verifying the composition article,
// compiled and run.

/// A toast provider that declares what its factory loads.
enum AnnouncingToastProvider: InjectProvider {
    static var id: InjectID<any ToastInject> { .toast }
    static var dependencies: [Dependency]? { [.load(.appLog), .lazy(.player)] }
    static func make(with resolver: Resolver) -> any ToastInject {
        resolver.load(.appLog)?.write("toast: ready")
        return ConsoleToast()
    }
}

/// A service whose creation has side effects.
final class PaymentGateway: Sendable {
    static func connect() -> PaymentGateway { PaymentGateway() }
}

extension InjectID where Service == PaymentGateway {
    static var payments: Self { InjectID("PaymentsInjectID") }
}

@Suite("Verification examples")
struct VerificationExamplesTests {
    @Test("The running check runs declared factories in a sandbox, except those that opt out")
    func runningCheck() {
        let container = Container()
        container.register(.payments, scope: .singleton, dependencies: [], verify: .skip) {
            PaymentGateway.connect()
        }
        container.register(AnnouncingToastProvider.self)
        container.register(.player) { Player(toast: nil) }
        container.register(.appLog, dependencies: []) { PrintLog() }
        let report = container.verify(running: true)
        // The player declares nothing: it is neither checked nor run.
        #expect(report.hasNoProblems && report.unchecked.map(\.id) == ["PlayerInjectID"], "\(report)")
    }

    @Test("A running check of a composition that declares everything is clean")
    func completeRunningCheck() {
        let container = Container()
        container.register(.player, dependencies: []) { Player(toast: nil) }
        let report = container.verify(running: true)
        #expect(report.isClean, "\(report)")
    }

    @Test("The async running check runs main-actor and async factories too")
    func asyncRunningCheck() async {
        let container = Container()
        container.register(.appLog, dependencies: []) { PrintLog() }
        let report = await container.verifyRunningIncludingIsolated()
        #expect(report.isClean, "\(report)")
    }

    @Test("A closure declares what its factory loads; verify() finds what is missing")
    func declaredClosure() throws {
        let container = Container()
        container.register(
            .player, scope: .singleton,
            dependencies: [.require(.toast), .load(.appLog), .provider(.cart)]
        ) { resolver in
            Player(toast: try resolver.require(.toast))
        }
        let missing = container.verify().problems.filter { $0.severity == .error }.compactMap(\.dependencyID)
        #expect(missing == ["ToastInjectID", "CartInjectID"])
        container.register(AnnouncingToastProvider.self)
        container.register(.cart, scope: .session) { ShoppingCart() }
        // The cart declares nothing: no problem, but not clean.
        #expect(!report(of: container).isClean)
        #expect(checkedInPart(container))
        container.register(.cart, scope: .session, dependencies: []) { ShoppingCart() }
        #expect(expectClean(container))
    }

    /// The report printed when it is not clean.
    private func report(of container: Container) -> VerificationReport {
        let report = container.verify()
        if !report.isClean {
            print(report)  // the summary, then file:line: error: … lines
        }
        return report
    }

    private func checkedInPart(_ container: Container) -> Bool {
        let report = container.verify()
        #expect(report.hasNoProblems, "\(report)")
        return report.hasNoProblems && !report.isComplete
    }

    private func expectClean(_ container: Container) -> Bool {
        let report = container.verify()
        #expect(report.isClean, "\(report)")
        return report.isClean
    }

    @Test("A report encodes as JSON for tools")
    func json() throws {
        let container = Container()
        container.register(.toast, dependencies: [.require(.analytics)]) { ConsoleToast() }
        let report = container.verify()
        let json = try JSONEncoder().encode(report)
        #expect(try JSONDecoder().decode(VerificationReport.self, from: json) == report)
    }
}
