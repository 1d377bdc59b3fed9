/// What a container does when a cached service's factory loads a shorter-lived service.
///
/// Such a service outlives ``Container/reset(scope:)``: a captive dependency. See
/// <doc:ServiceLifetimes>.
public enum CaptiveDependencyPolicy: Sendable, Equatable {
    /// Report a ``DiagnosticEvent/captiveDependency(_:)`` and go on: the default.
    case report
    /// Report it and fail the load of the cached service with
    /// ``ContainerError/captiveDependency(id:scope:dependency:dependencyScope:)``; nothing is cached.
    case fail
}
