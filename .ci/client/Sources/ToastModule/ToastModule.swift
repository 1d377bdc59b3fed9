// The original README's feature module, unchanged but for the body the README elides.
import DependencyContainer
import Foundation
import ToastInterface

final class ToastImplement: ToastInject { func request(message: String, timeInterval: TimeInterval) { print("toast: \(message) for \(timeInterval)s") } }
final class ToastInjectItem: Injectable {
    var id: String = toastInjectID
    required init() { }
    func resolve() -> AnyObject { ToastImplement() }
}

public func registerToastModule() {
    Container.shared.regist(injectType: ToastInjectItem.self)
}
