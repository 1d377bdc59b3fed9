import Testing

@testable import DependencyContainer

/// The lookup answers with the place it found a registration, and the plan takes that answer:
/// the rules that loads check and `verify()` walks, in one place.
@Suite("Lookup and plan")
struct LoadPlanTests {
    @Test("The lookup answers with the place of the lookup order it found the registration at")
    func lookupAnswersWithPlace() throws {
        let parent = Container()
        let child = Container(parent: parent)
        parent.register(.toast, scope: .singleton) { RecordingToast() }
        let thread = ThreadState.current
        let inParent = try #require(child.lookUp(ToastID.toast.name, overrides: nil, thread: thread))
        guard case .own(let owner) = inParent.place else {
            Issue.record("found at \(inParent.place), not the parent's own registrations")
            return
        }
        #expect(owner === parent)
        child.withOverrides {
            $0.register(.toast, scope: .singleton) { RecordingToast() }
        } operation: {
            let overrides = OverrideScope.current
            let found = child.lookUp(ToastID.toast.name, overrides: overrides, thread: thread)
            guard case .override(let scope, of: let target)? = found?.place else {
                Issue.record("found at \(String(describing: found?.place)), not the override")
                return
            }
            #expect(scope === overrides && target === child)
            // A cached service of an override is made on the container it is for, with the scope.
            let plan = LoadPlan<CreationContext>(
                found!.registration, registeredIn: found?.place.creationContext,
                loadedIn: (Container(parent: child), nil), heldBy: nil, onMainThread: false)
            #expect(plan.context.container === child && plan.context.overrides === overrides)
        }
    }

    @Test("A cached service is made in its place's context, another in the loader's")
    func creationContext() {
        let container = Container()
        container.register(.toast, scope: .singleton) { RecordingToast() }
        container.register(.analytics) { CountingAnalytics() }
        let shared = LoadPlan(
            registration(.toast, in: container), registeredIn: 1, loadedIn: 0, heldBy: nil,
            onMainThread: false)
        let transient = LoadPlan(
            registration(.analytics, in: container), registeredIn: 1, loadedIn: 0, heldBy: nil,
            onMainThread: false)
        // A write removed the registration: it runs as loaded.
        let removed = LoadPlan(
            registration(.toast, in: container), registeredIn: nil, loadedIn: 0, heldBy: nil,
            onMainThread: false)
        #expect([shared.context, transient.context, removed.context] == [1, 0, 0])
    }

    @Test("The captive holder is a cached holder outside the dependency's named scope")
    func captiveHolder() {
        let container = Container()
        container.register(.toast, scope: .singleton) { RecordingToast() }
        container.register(.player, scope: .named("plan-session")) { StubPlayer() }
        container.register(.analytics, scope: .named("plan-session")) { CountingAnalytics() }
        let player = registration(.player, in: container)
        func holder(of dependency: Registration, heldBy holder: Registration?) -> Registration? {
            LoadPlan(dependency, registeredIn: 0, loadedIn: 0, heldBy: holder, onMainThread: false)
                .captiveHolder
        }
        let singleton = registration(.toast, in: container)
        #expect(holder(of: player, heldBy: singleton) === singleton)
        #expect(holder(of: player, heldBy: registration(.analytics, in: container)) == nil)
        #expect(holder(of: singleton, heldBy: player) == nil)
        #expect(holder(of: player, heldBy: nil) == nil)
    }

    @Test("A synchronous load may run a main-actor factory on the main thread only, an async one never")
    func isolationVerdict() {
        let container = Container()
        container.registerOnMainActor(.banner, scope: .singleton) { BannerToast() }
        container.registerAsync(.database) { try await Database.open() }
        container.register(.player) { StubPlayer() }
        func mayRun(_ registration: Registration, onMainThread: Bool) -> Bool {
            LoadPlan(registration, registeredIn: 0, loadedIn: 0, heldBy: nil, onMainThread: onMainThread)
                .mayRunFactory
        }
        let mainActor = registration(.banner, in: container)
        let async = registration(.database, in: container)
        let plain = registration(.player, in: container)
        #expect(mayRun(mainActor, onMainThread: true) && !mayRun(mainActor, onMainThread: false))
        #expect(!mayRun(async, onMainThread: true) && !mayRun(async, onMainThread: false))
        #expect(mayRun(plain, onMainThread: false))
    }

    private func registration<Service>(_ id: InjectID<Service>, in container: Container) -> Registration {
        container.findRegistration(named: id.name, thread: .current)!
    }
}

private typealias ToastID = InjectID<any ToastInject>
