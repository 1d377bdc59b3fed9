import DependencyContainer

/// Shows short messages over the app's content.
public protocol ToastInject: AnyObject {
    /// Shows `message` for `duration`.
    ///
    /// - Parameters:
    ///   - message: The text to show.
    ///   - duration: How long the message stays up.
    func show(_ message: String, duration: Duration)
}

extension InjectID where Service == any ToastInject {
    /// The toast feature.
    public static var toast: Self { InjectID("ToastInjectID") }
}

/// The fallback when the toast feature is absent: messages are written to the log only.
public final class NullToast: ToastInject {
    private let log: any AppLogInject

    /// Creates a toast that only logs.
    ///
    /// - Parameter log: Where dropped messages are noted.
    public init(log: any AppLogInject) {
        self.log = log
    }

    /// Notes in the log that `message` could not be shown.
    public func show(_ message: String, duration: Duration) {
        log.write("toast (fallback): not shown: \"\(message)\"")
    }
}
