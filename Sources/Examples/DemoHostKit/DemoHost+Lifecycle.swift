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

    /// Replaces the toast feature while the app runs, then removes it: the now-playing
    /// screen follows each change through an observer, without the host telling it, and the
    /// replaced toast center is closed by its dispose hook.
    @MainActor
    public func runFeatureUpdateScenario() async {
        let log = UncheckedLog(self.log)
        let container = self.container
        let screen = FollowingToast(container: container, log: log)
        let token = container.observe(.toast) { change in screen.follow(change) }
        log.log.write("update: the toast feature updates at run time")
        // The feature's update, swapped in by the host on purpose.
        // inject-lint: override
        container.register(.toast, scope: .singleton) { CompactToast(log: log.log) }
        // The replaced toast center closes once no load on any thread can still be returning
        // it, which may be after this write returns.
        await container.waitForDisposals()
        screen.show("Saved Verse to favourites")
        log.log.write("update: the toast feature is switched off")
        container.unregister(.toast)
        screen.show("Saved Chorus to favourites")
        token.cancel()
    }
}

/// The now-playing screen's toast, which follows the feature as it comes, goes or is replaced.
///
/// `@unchecked Sendable`: the toast is behind a lock, and the log and container are only used
/// through their own thread-safe methods.
private final class FollowingToast: @unchecked Sendable {
    private let container: Container
    private let log: UncheckedLog
    private let toast = LockedValue<UncheckedToast?>(nil)

    init(container: Container, log: UncheckedLog) {
        self.container = container
        self.log = log
    }

    /// What the observer calls: after the change, where a load sees the new registration.
    func follow(_ change: RegistrationChange) {
        switch change {
        case .current(let info):
            log.log.write("now playing: shows toasts from \(info.map(\.provider) ?? "nobody")")
        case .added(let info), .replaced(_, let info):
            log.log.write("now playing: the toast feature is now \(info.provider); reloading it")
        case .removed:
            log.log.write("now playing: the toast feature is gone; falling back")
        case .reset:
            break
        }
        let loaded = container.load(.toast).map(UncheckedToast.init)
        toast.withLock { $0 = loaded }
    }

    func show(_ message: String) {
        let current = toast.withLock { $0 }?.toast ?? NullToast(log: log.log)
        current.show(message, duration: .seconds(1))
    }
}

/// A toast handed between the observer's thread and the screen.
///
/// `@unchecked Sendable`: the example's toasts only write to the thread-safe log.
private struct UncheckedToast: @unchecked Sendable {
    let toast: any ToastInject
}
