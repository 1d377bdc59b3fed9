import DependencyContainer

/// An interface module's first ID, so the target has a source file.
public protocol ToastInject: AnyObject {
    func show(_ message: String)
}
