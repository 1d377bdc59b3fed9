import DMAInterfaces
import DependencyContainer

/// Prints each toast and keeps it: main-actor isolated, as every type of this module is.
final class ConsoleToast: ToastInject {
    private(set) var shown: [String] = []
    /// Kept for later loads: the player needs the toast, so the toast loads the player only
    /// when asked, never while either is being created.
    private let resolver: Resolver

    init(resolver: Resolver) {
        self.resolver = resolver
    }

    func show(_ message: String) {
        shown.append(message)
        resolver.load(.eventLog)?.record("toast: \(message)")
    }

    func showNowPlaying() {
        show("Playing: \(resolver.load(.player)?.nowPlaying ?? "nothing")")
    }
}
