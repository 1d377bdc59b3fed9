import DependencyContainer

/// The toast ID's string, for code that loads it with the original API.
public let toastInjectID = "ToastInjectID"

/// Shows short messages over the app's content.
public protocol ToastInject: AnyObject, Sendable {
    /// Who shows the messages, for the app to check which registration it got.
    var name: String { get }
}

extension InjectID where Service == any ToastInject {
    /// The toast feature.
    public static var toast: Self { InjectID(toastInjectID) }
}
