// Another module, which never imports ToastModule: it loads the toast by its string ID and
// checks the behaviour the original container's users rely on.
import DependencyContainer
import Dispatch
import Foundation
import ToastInterface
import ToastModule

func loadToast() -> ToastInject? {
    guard let inject = Container.shared.load(for: toastInjectID)?.resolve() as? ToastInject else { return nil }
    return inject
}

var failures: [String] = []
func check(_ condition: Bool, _ message: String) {
    print(condition ? "ok   \(message)" : "FAIL \(message)")
    if !condition { failures.append(message) }
}

check(loadToast() == nil, "nil before anything is registered")
registerToastModule()
let toast = loadToast()
check(toast != nil, "the toast once registered")
toast?.request(message: "Hello from the seed API", timeInterval: 1.5)
check(Container.shared.load(for: "UnknownInjectID") == nil, "nil for an unknown ID")

let failureQueue = DispatchQueue(label: "failures")
DispatchQueue.concurrentPerform(iterations: 8) { worker in
    for _ in 0..<5_000 {
        if worker % 2 == 0 {
            registerToastModule()
        } else if loadToast() == nil {
            failureQueue.sync { failures.append("a load during concurrent registration returned nil") }
        }
    }
}
check(failures.isEmpty, "concurrent registering and loading")
exit(failures.isEmpty ? 0 : 1)
