import DCExampleAppInterfaces
import DependencyContainer

extension DemoHost {
    /// Registers the signed-in user's services, which live until logout and are disposed
    /// then, each after the services made with it.
    func registerSessionServices() {
        let log = UncheckedLog(self.log)
        container.register(
            .sessionSocket, scope: .session, onDispose: { $0.close() }, dependencies: [.load(.userSession)]
        ) { resolver in
            SessionSocket(userName: resolver.load(.userSession)?.userName ?? "Guest", log: log.log)
        }
        container.register(
            .playbackHistory, scope: .session, onDispose: { $0.save() },
            dependencies: [.require(.sessionSocket)]
        ) { resolver in
            PlaybackHistory(socket: try resolver.require(.sessionSocket), log: log.log)
        }
    }

    /// Creates the eager services (analytics starts with the app) and logs the report's summary.
    public func warmUp() {
        let report = container.warmUp()
        let created = report.entries.filter {
            if case .created = $0.outcome { return true }
            return false
        }
        let started = created.isEmpty ? "nothing" : created.map(\.id).joined(separator: ", ")
        log.write("warm-up: started \(started) before the first screen")
        for problem in report.failures + report.skipped { log.write("warm-up: \(problem)") }
    }

    /// Plays through the session's services, then logs out: the session's services are
    /// disposed, the history before the socket it saves through.
    @MainActor
    public func runLogoutScenario() async {
        log.write("session: play \"Verse\"")
        container.load(.playbackHistory)?.record("Verse")
        log.write("session: log out")
        let disposed = container.reset(scope: .session)
        await container.waitForDisposals()
        log.write("session: signed out; \(disposed) session services disposed")
    }
}
