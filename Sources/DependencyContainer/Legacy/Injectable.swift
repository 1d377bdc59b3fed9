/// An item of the original string-keyed API: it names its ID and creates its service.
///
/// Feature modules that predate ``InjectID`` declare one item type per service and the host
/// registers the type with ``Container/regist(injectType:)``:
///
/// ```swift
/// final class ToastInjectItem: Injectable {
///     var id: String = toastInjectID
///     required init() {}
///     func resolve() -> AnyObject { ConsoleToast() }
/// }
/// ```
///
/// ```swift
/// Container.shared.regist(injectType: ToastInjectItem.self)
/// let toast = Container.shared.load(for: toastInjectID)?.resolve() as? ToastInject
/// ```
///
/// New code should prefer ``InjectProvider`` or a closure registration, which need no cast.
public protocol Injectable {
    /// Creates an item; the container calls it for each load.
    init()

    /// The string ID the item's service is registered under.
    var id: String { get }

    /// Creates the service.
    func resolve() -> AnyObject
}

/// The original container API, kept so existing callers compile unchanged.
public protocol ContainerAPI {
    /// Registers an item type under the ID that a fresh item reports.
    func regist(injectType: Injectable.Type)

    /// Returns an item for the string ID, or `nil` if nothing is registered under it.
    func load(for injectID: String) -> Injectable?
}
