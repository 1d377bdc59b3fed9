import AppInterfaces

/// Prints each toast and keeps it.
final class Toaster: ToastInject {
    private(set) var shown: [String] = []

    func show(_ message: String) {
        shown.append(message)
        print("toast: \(message)")
    }
}
