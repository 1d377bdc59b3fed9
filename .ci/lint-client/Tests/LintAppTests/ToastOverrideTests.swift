import DependencyContainer
import DependencyContainerTesting
import LintInterfaces
import LintToastFeature
import Testing

final class SilentToast: ToastInject {
    let name = "silent"
}

@Suite("Toast overrides", .serialized)
struct ToastOverrideTests {
    init() {
        LintToastFeature.register(into: .shared)
    }

    @Test("A test overrides the toast with a trait", .overriding { $0.register(.toast) { SilentToast() } })
    func silent() {
        #expect(Container.shared.load(.toast)?.name == "silent")
    }
}
