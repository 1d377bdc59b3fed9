import DependencyContainer
import DependencyContainerTesting
import PortHostKit
import PortInterfaces
import Testing

@Suite("The Swinject port")
struct PortVerificationTests {
    @Test("The complete port verifies clean, with every registration and load site checked")
    func verified() {
        let container = Composition.makeContainer()
        let report = container.verify()
        print(report)
        #expect(report.isClean, "\(report)")
        #expect(report.unchecked.isEmpty, "unchecked: \(report.unchecked.map(\.id))")
        #expect(report.uncheckedSites.isEmpty, "unchecked sites: \(report.uncheckedSites)")
        #expect(report.checkedCount == 7)
        #expect(report.checkedSiteCount == 2)  // the launch loads
        _ = expectVerified(container)
    }

    @Test("Every service loads, and a screen's load shares one notifier")
    func launches() throws {
        let container = Composition.makeContainer()
        let app = try Launched(from: container)
        #expect(app.screen.notifier === app.screen.service.notifier)
        #expect(app.screen.toast === app.toast)
    }
}
