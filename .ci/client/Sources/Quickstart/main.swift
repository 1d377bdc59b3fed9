import DependencyContainer

// Interface module: protocols and typed IDs only.
public protocol ToastInject: AnyObject {
    func show(_ message: String)
}

public protocol PlayerInject: AnyObject {
    func play(_ title: String)
}

extension InjectID where Service == any ToastInject {
    public static var toast: Self { InjectID("ToastInjectID") }
}

extension InjectID where Service == any PlayerInject {
    public static var player: Self { InjectID("PlayerInjectID") }
}

// Feature modules: implementations take their dependencies as initializer parameters.
final class ConsoleToast: ToastInject {
    func show(_ message: String) { print("toast:", message) }
}

final class Player: PlayerInject {
    private let toast: (any ToastInject)?
    init(toast: (any ToastInject)?) { self.toast = toast }

    func play(_ title: String) {
        print("playing", title)
        toast?.show("Now playing \(title)")  // no toast feature? no toast, no crash
    }
}

// Composition root: register, then load by ID.
let container = Container()
container.register(.toast, scope: .singleton) { ConsoleToast() }
container.register(.player) { resolver in Player(toast: resolver.load(.toast)) }

container.load(.player)?.play("Intro")
