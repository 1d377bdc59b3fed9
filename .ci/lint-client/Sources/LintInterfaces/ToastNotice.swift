import DependencyContainer

// The toast under a second name, for screens that call it a notice: the same string and the
// same service type, so an alias rather than a second ID. (CI lints a copy where this names
// another service type, which must fail here.)
extension InjectID where Service == any ToastInject {
    /// The toast, for screens that call it a notice.
    public static var notice: Self { InjectID(toastInjectID) }
}
