import DependencyContainer
import LintInterfaces

final class ConsoleToast: ToastInject {
    let name = "console"
}

/// The toast, a singleton.
public enum ToastProvider: InjectProvider {
    public static var id: InjectID<any ToastInject> { .toast }
    public static var scope: Scope { .singleton }
    public static func make(with resolver: Resolver) -> any ToastInject {
        ConsoleToast()
    }
}
