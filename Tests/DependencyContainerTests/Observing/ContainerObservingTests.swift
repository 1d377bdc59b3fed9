import DependencyContainer
import Testing

@Suite("Observing registrations")
struct ContainerObservingTests {
    @Test("An observer first receives the current state: none, or the registration a load uses")
    func initialEvent() {
        let container = Container()
        let empty = ChangeLog<RegistrationChange>()
        let emptyToken = container.observe(.toast) { empty.append($0) }
        #expect(empty.all == [.current(nil)])

        container.register(.toast, file: "Toast.swift", line: 1) { RecordingToast() }
        let present = ChangeLog<RegistrationChange>()
        let presentToken = container.observe(.toast) { present.append($0) }
        #expect(present.all.count == 1)
        #expect(present.all.first?.registration?.provider == "closure at Toast.swift:1")
        #expect(present.all.first?.kind == "current")
        withExtendedLifetime((emptyToken, presentToken)) {}
    }

    @Test(
        "Registering, replacing, resetting and unregistering are reported in order, each with its registration"
    )
    func addedReplacedResetRemoved() {
        let container = Container()
        let log = ChangeLog<RegistrationChange>()
        let token = container.observe(.toast) { log.append($0) }
        container.register(.toast, scope: .observedSession, file: "A.swift", line: 1) { RecordingToast() }
        container.register(.toast, scope: .observedSession, file: "B.swift", line: 2) { RecordingToast() }
        container.reset(scope: .observedSession)
        container.unregister(.toast)
        // Writes to other IDs are not reported.
        container.register(.player) { StubPlayer() }

        let changes = log.all
        #expect(changes.map(\.kind) == ["current(nil)", "added", "replaced", "reset", "removed"])
        guard changes.count == 5 else { return }
        #expect(changes[1].registration?.provider == "closure at A.swift:1")
        if case .replaced(let previous, let replacement) = changes[2] {
            #expect(previous.provider == "closure at A.swift:1")
            #expect(replacement.provider == "closure at B.swift:2")
        } else {
            Issue.record("expected replaced, got \(changes[2])")
        }
        #expect(changes[3].registration?.provider == "closure at B.swift:2")
        #expect(changes[4] == .removed(changes[3].registration!))
        withExtendedLifetime(token) {}
    }

    @Test("An inherited registration is described to an observer as registrations lists it")
    func inheritedInfoIsComplete() {
        let parent = Container()
        parent.register(.toast, scope: .singleton, dependencies: [.load(.player)]) { RecordingToast() }
        let child = Container(parent: parent)
        let log = ChangeLog<RegistrationChange>()
        let token = child.observe(.toast) { log.append($0) }
        let listed = child.registrations.first { $0.id == InjectID<any ToastInject>.toast.name }
        #expect(listed?.isInherited == true)
        #expect(log.all == [.current(listed)])
        withExtendedLifetime(token) {}
    }

    @Test("Resetting a scope the ID is not in, or unregistering an absent ID, reports nothing")
    func unchangedIsNotReported() {
        let container = Container()
        container.register(.toast, scope: .singleton) { RecordingToast() }
        let log = ChangeLog<RegistrationChange>()
        let token = container.observe(.toast) { log.append($0) }
        container.reset(scope: .observedSession)
        container.unregister(.player)
        #expect(log.all.map(\.kind) == ["current"])
        withExtendedLifetime(token) {}
    }

    @Test("removeAll reports the removal of each observed ID")
    func removeAll() {
        let container = Container()
        container.register(.toast) { RecordingToast() }
        container.register(.player) { StubPlayer() }
        let toasts = ChangeLog<RegistrationChange>()
        let players = ChangeLog<RegistrationChange>()
        let tokens = [
            container.observe(.toast) { toasts.append($0) },
            container.observe(.player) { players.append($0) },
        ]
        container.removeAll()
        #expect(toasts.all.map(\.kind) == ["current", "removed"])
        #expect(players.all.map(\.kind) == ["current", "removed"])
        withExtendedLifetime(tokens) {}
    }

    @Test("Contributions added, replaced, reset and removed are reported by name")
    func contributions() {
        let container = Container()
        container.contribute(to: .observedMenu, named: "share") { ObservedMenuEntry(title: "Share") }
        let log = ChangeLog<ContributionChange>()
        let token = container.observe(.observedMenu) { log.append($0) }
        container.contribute(to: .observedMenu, named: "queue", scope: .observedSession) {
            ObservedMenuEntry(title: "Queue")
        }
        container.contribute(to: .observedMenu, named: "share", priority: 5) {
            ObservedMenuEntry(title: "Share")
        }
        container.reset(scope: .observedSession)
        container.removeContribution(named: "queue", from: .observedMenu)
        container.removeContribution(named: "share", from: .observedMenu)

        let changes = log.all
        #expect(
            changes.map(\.description) == [
                "current: [ObservedMenuExtensionPoint[share]]", "added: queue", "replaced: share",
                "reset: queue",
                "removed: queue", "removed: share",
            ])
        #expect(changes.dropFirst().map(\.name) == ["queue", "share", "queue", "queue", "share"])
        withExtendedLifetime(token) {}
    }

    @Test("A handler that loads sees the new state")
    func handlerSeesNewState() {
        let container = Container()
        let seen = ChangeLog<Bool>()
        let token = container.observe(.toast) { _ in seen.append(container.load(.toast) != nil) }
        container.register(.toast) { RecordingToast() }
        container.unregister(.toast)
        #expect(seen.all == [false, true, false])
        withExtendedLifetime(token) {}
    }

    @Test(
        "A handler that registers and unregisters does not deadlock; its changes come after it returns, in order"
    )
    func handlerWrites() {
        let container = Container()
        let log = ChangeLog<String>()
        let token = container.observe(.toast) { change in
            log.append("begin \(change.kind)")
            if case .added = change {
                // Re-entrant changes: queued, delivered once this call returns.
                container.register(.toast) { RecordingToast() }
                container.unregister(.toast)
            }
            log.append("end \(change.kind)")
        }
        container.register(.toast) { RecordingToast() }
        #expect(
            log.all == [
                "begin current(nil)", "end current(nil)", "begin added", "end added", "begin replaced",
                "end replaced",
                "begin removed", "end removed",
            ])
        #expect(container.load(.toast) == nil)
        withExtendedLifetime(token) {}
    }

    @Test("A token dropped or cancelled stops the calls")
    func tokenDropped() {
        let container = Container()
        let dropped = ChangeLog<RegistrationChange>()
        let cancelled = ChangeLog<RegistrationChange>()
        var token: ObservationToken? = container.observe(.toast) { dropped.append($0) }
        let kept = container.observe(.toast) { cancelled.append($0) }
        container.register(.toast) { RecordingToast() }
        token = nil
        kept.cancel()
        #expect(kept.isCancelled)
        container.unregister(.toast)
        #expect(dropped.all.map(\.kind) == ["current(nil)", "added"])
        #expect(cancelled.all.map(\.kind) == ["current(nil)", "added"])
        #expect(token == nil)
    }

    @Test("A handler that cancels its own token is not called again")
    func handlerCancels() {
        let container = Container()
        let log = ChangeLog<RegistrationChange>()
        let holder = LockedValue<ObservationToken?>(nil)
        let token = container.observe(.toast) { change in
            log.append(change)
            if case .added = change { holder.withLock { $0?.cancel() } }
        }
        holder.withLock { $0 = token }
        container.register(.toast) { RecordingToast() }
        container.unregister(.toast)
        #expect(log.all.map(\.kind) == ["current(nil)", "added"])
    }

    @Test("Test overrides are not reported: they are the task's, not changes of the container")
    func overridesNotReported() {
        let container = Container()
        let log = ChangeLog<RegistrationChange>()
        let token = container.observe(.toast) { log.append($0) }
        let loaded = container.withOverrides { overrides in
            overrides.register(.toast) { RecordingToast() }
        } operation: {
            container.load(.toast)
        }
        #expect(loaded != nil)
        #expect(log.all == [.current(nil)])
        withExtendedLifetime(token) {}
    }

    @Test("Adopting a plugin's registrations reports them like any registration")
    func adoptionReported() {
        let container = Container()
        let staging = Container()
        staging.register(.toast) { RecordingToast() }
        staging.contribute(to: .observedMenu, named: "share") { ObservedMenuEntry(title: "Share") }
        let toasts = ChangeLog<RegistrationChange>()
        let menu = ChangeLog<ContributionChange>()
        let tokens = [
            container.observe(.toast) { toasts.append($0) },
            container.observe(.observedMenu) { menu.append($0) },
        ]
        #expect(container.adoptRegistrations(of: staging, replacingExisting: false).adopted)
        #expect(toasts.all.map(\.kind) == ["current(nil)", "added"])
        #expect(menu.all.map(\.description) == ["current: []", "added: share"])
        withExtendedLifetime(tokens) {}
    }
}

@Suite("Observing a child container")
struct ChildObservingTests {
    @Test("A child's observer sees the parent's changes that change what the child loads, marked inherited")
    func parentChangesSeen() {
        let parent = Container()
        let child = Container(parent: parent)
        let log = ChangeLog<RegistrationChange>()
        let token = child.observe(.toast) { log.append($0) }
        parent.register(.toast) { RecordingToast() }
        parent.unregister(.toast)
        #expect(log.all.map(\.kind) == ["current(nil)", "added", "removed"])
        #expect(
            log.all.dropFirst().allSatisfy { change in
                if case .added(let info) = change {
                    info.isInherited
                } else if case .removed(let info) = change {
                    info.isInherited
                } else {
                    false
                }
            })
        withExtendedLifetime(token) {}
    }

    @Test("A parent's change that the child's own registration shadows is not reported")
    func shadowedNotSeen() {
        let parent = Container()
        let child = Container(parent: parent)
        child.register(.toast) { RecordingToast() }
        let log = ChangeLog<RegistrationChange>()
        let token = child.observe(.toast) { log.append($0) }
        parent.register(.toast) { RecordingToast() }
        parent.register(.toast) { RecordingToast() }
        parent.unregister(.toast)
        #expect(log.all.map(\.kind) == ["current"])
        withExtendedLifetime(token) {}
    }

    @Test(
        "A child removing its own registration so that the parent's shows is a replacement by the inherited one"
    )
    func childRemovalRevealsParent() {
        let parent = Container()
        let child = Container(parent: parent)
        parent.register(.toast, file: "Parent.swift", line: 1) { RecordingToast() }
        child.register(.toast, file: "Child.swift", line: 2) { RecordingToast() }
        let log = ChangeLog<RegistrationChange>()
        let token = child.observe(.toast) { log.append($0) }
        child.unregister(.toast)
        child.register(.toast, file: "Child.swift", line: 3) { RecordingToast() }

        let changes = log.all
        #expect(changes.map(\.kind) == ["current", "replaced", "replaced"])
        guard changes.count == 3 else { return }
        #expect(changes[0].registration?.isInherited == false)
        if case .replaced(let previous, let replacement) = changes[1] {
            #expect(previous.provider == "closure at Child.swift:2" && !previous.isInherited)
            #expect(replacement.provider == "closure at Parent.swift:1" && replacement.isInherited)
        } else {
            Issue.record("expected replaced, got \(changes[1])")
        }
        #expect(changes[2].registration?.provider == "closure at Child.swift:3")
        withExtendedLifetime(token) {}
    }

    @Test("A child's observer of an extension point sees the parent's contributions it does not shadow")
    func childContributions() {
        let parent = Container()
        let child = Container(parent: parent)
        child.contribute(to: .observedMenu, named: "share") { ObservedMenuEntry(title: "Child share") }
        let log = ChangeLog<ContributionChange>()
        let token = child.observe(.observedMenu) { log.append($0) }
        parent.contribute(to: .observedMenu, named: "share") { ObservedMenuEntry(title: "Parent share") }
        parent.contribute(to: .observedMenu, named: "queue") { ObservedMenuEntry(title: "Queue") }
        child.removeContribution(named: "share", from: .observedMenu)
        #expect(
            log.all.map(\.description) == [
                "current: [ObservedMenuExtensionPoint[share]]", "added: queue", "replaced: share",
            ])
        if case .replaced(_, let previous, let replacement) = log.all.last {
            #expect(!previous.isInherited && replacement.isInherited)
        }
        withExtendedLifetime(token) {}
    }
}
