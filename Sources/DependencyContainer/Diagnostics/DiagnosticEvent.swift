/// Something a host may want to log: a feature that is absent, a registration replaced,
/// a cycle; see ``Container/setDiagnosticsHandler(_:)`` and <doc:GracefulFallbacks>.
public enum DiagnosticEvent: Sendable, CustomStringConvertible {
    /// A load found no registration; callers usually fall back to a default.
    case missing(id: String, requestedType: String)

    /// A load failed for another reason than a missing registration, or a dispose hook threw.
    case failed(ContainerError)

    /// A registration replaced an earlier one for the same ID.
    case replaced(previous: RegistrationInfo, replacement: RegistrationInfo)

    /// A registration was refused and the container left unchanged.
    case rejected(ContainerError)

    /// A cached service's factory loaded a service of a shorter-lived named scope.
    case captiveDependency(ContainerError)

    /// ``Container/reset(scope:)`` was given a built-in scope, which cannot be reset.
    case ignoredReset(scope: Scope)

    /// A registration asked for ``Scope/weak`` for a service type that can never be held
    /// weakly; it behaves as ``Scope/transient``.
    case ignoredWeakScope(id: String, serviceType: String)

    /// A context name that names no context (``Container/reportUnknownContexts()``).
    case unknownContext(ContextProblem)

    /// A readable, one-line account of the event.
    public var description: String {
        switch self {
        case .missing(let id, let requestedType):
            return "missing: nothing registered for '\(IDValidation.abbreviated(id))' (`\(requestedType)`)"
        case .failed(let error):
            return "failed: \(error)"
        case .replaced(let previous, let replacement):
            return "replaced: '\(IDValidation.abbreviated(previous.id))' was \(previous.provider), "
                + "now \(replacement.provider)"
        case .rejected(let error):
            return "rejected: \(error)"
        case .captiveDependency(let error):
            return "captive dependency: \(error)"
        case .ignoredReset(let scope):
            return "ignored reset: '\(scope)' is a built-in scope; only a named scope, "
                + "such as Scope.named(\"session\"), can be reset"
        case .ignoredWeakScope(let id, let serviceType):
            return "ignored weak scope: '\(IDValidation.abbreviated(id))' provides `\(serviceType)`, "
                + "which is never a class instance and cannot be held weakly; every load creates a new one, "
                + "as with .transient"
        case .unknownContext(let problem):
            return "unknown context: \(problem)"
        }
    }
}
