import DependencyContainer

/// Shows short messages over the app's content.
public protocol ToastInject: AnyObject {
    /// The messages shown so far, oldest first.
    var shown: [String] { get }

    /// Shows `message`.
    ///
    /// - Parameter message: The text to show.
    func show(_ message: String)
}

extension InjectID where Service == any ToastInject {
    /// The toast feature.
    public static var toast: Self { InjectID("ToastInjectID") }
}
