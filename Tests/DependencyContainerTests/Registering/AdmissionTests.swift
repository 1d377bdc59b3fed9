import DependencyContainer
import Foundation
import Testing

/// The promises of the one admission (`StoreEntries.admit`) that every writer shares.
@Suite("Admission: every writer is checked alike")
struct AdmissionTests {
    private struct Entry: Sendable, Equatable {
        let title: String
    }

    @Test("A contribution with a time to live that is not positive is rejected, as a registration is")
    func contributionTimeToLive() {
        let container = Container()
        let point = ExtensionPoint<Entry>("AdmissionTests.timeToLive")
        let outcome = container.contribute(
            to: point, named: "share", options: RegistrationOptions(scope: .singleton, timeToLive: -1)
        ) { _ in Entry(title: "share") }
        guard case .rejected(.invalidID(let id, _)) = outcome else {
            Issue.record("expected .rejected(.invalidID), got \(outcome)")
            return
        }
        #expect(id == "AdmissionTests.timeToLive[share]")
        #expect(container.contributions(to: point).isEmpty)
    }

    @Test("A contribution that keeps the existing one leaves the contribution of its name and context")
    func contributionKeepsExisting() {
        let container = Container()
        let point = ExtensionPoint<Entry>("AdmissionTests.keeps")
        container.contribute(to: point, named: "share") { Entry(title: "first") }
        let outcome = container.contribute(
            to: point, named: "share", options: RegistrationOptions(keepsExistingRegistration: true)
        ) { _ in Entry(title: "second") }
        guard case .kept(let existing) = outcome else {
            Issue.record("expected .kept, got \(outcome)")
            return
        }
        #expect(existing.id == "AdmissionTests.keeps[share]")
        #expect(container.load(point) == [Entry(title: "first")])
        // Another name is added.
        let added = container.contribute(
            to: point, named: "queue", options: RegistrationOptions(keepsExistingRegistration: true)
        ) { _ in Entry(title: "queue") }
        #expect(added.isRegistered)
        #expect(container.load(point).map(\.title) == ["queue", "first"])
    }

    @Test("A plugin's registration for a context that is not active switches in after adoption")
    func adoptedContextRegistrationSwitchesIn() {
        let id = InjectID<String>("AdmissionTests.adoptedContext")
        let context = RegistrationContext.named("AdmissionTests.pluginContext")
        let staging = Container()
        staging.register(id) { "plugin default" }
        staging.register(id, context: context) { "plugin in context" }
        let host = Container()
        let outcome = host.adoptRegistrations(
            of: staging, replacingExisting: false, declaring: [:], owner: RegistrationOwner(),
            dependents: .named)
        #expect(outcome.adopted)
        #expect(host.load(id) == "plugin default")
        host.setActiveContexts([context])
        #expect(host.load(id) == "plugin in context")
        host.setActiveContexts(nil)
        #expect(host.load(id) == "plugin default")
    }

    @Test("A plugin's contribution for a context that is not active switches in after adoption")
    func adoptedContextContributionSwitchesIn() {
        let point = ExtensionPoint<Entry>("AdmissionTests.adoptedContextPoint")
        let context = RegistrationContext.named("AdmissionTests.pluginContext")
        let staging = Container()
        staging.contribute(to: point, named: "share") { Entry(title: "default") }
        staging.contribute(to: point, named: "share", context: context) { Entry(title: "in context") }
        let host = Container()
        #expect(host.adoptRegistrations(of: staging, replacingExisting: false).adopted)
        #expect(host.load(point) == [Entry(title: "default")])
        host.setActiveContexts([context])
        #expect(host.load(point) == [Entry(title: "in context")])
    }

    @Test("A plugin's context registration switches in when the process's context becomes active")
    func adoptedContextFollowsProcess() {
        // A context no other test registers, so suites running in parallel see no change.
        let context = RegistrationContext.named("process-\(UUID().uuidString)")
        let id = InjectID<String>("AdmissionTests.processContext")
        let staging = Container()
        staging.setActiveContexts([context])
        staging.register(id) { "plugin default" }
        staging.register(id, context: context) { "plugin in context" }
        let host = Container()
        let outcome = host.adoptRegistrations(
            of: staging, replacingExisting: false, declaring: [:], owner: RegistrationOwner(),
            dependents: .named)
        #expect(outcome.adopted)
        #expect(host.load(id) == "plugin default")
        let before = RegistrationContext.active
        RegistrationContext.activate(before + [context])
        defer { RegistrationContext.activate(before) }
        #expect(host.load(id) == "plugin in context")
    }

    @Test("Withdrawing a plugin takes out its contributions waiting for a context too")
    func withdrawnContextContributionStaysOut() {
        let point = ExtensionPoint<Entry>("AdmissionTests.withdrawnContextPoint")
        let context = RegistrationContext.named("AdmissionTests.withdrawnContext")
        let staging = Container()
        staging.contribute(to: point, named: "share", context: context) { Entry(title: "plugin") }
        let host = Container()
        host.contribute(to: point, named: "queue") { Entry(title: "host") }
        let adoption = host.adoptRegistrations(
            of: staging, replacingExisting: false, declaring: [:], owner: RegistrationOwner(),
            dependents: .named)
        guard let record = adoption.record else {
            Issue.record("expected an adoption record, got \(adoption)")
            return
        }
        let outcome = host.withdrawRegistrations(record, resettingDependents: false)
        #expect(outcome.removedContributions == ["AdmissionTests.withdrawnContextPoint[share]"])
        host.setActiveContexts([context])
        #expect(host.load(point) == [Entry(title: "host")])
    }
}
