/// What a container does when a cached service's factory loads a shorter-lived service.
///
/// A singleton whose factory loads a ``Scope/session`` service keeps that session's
/// service after ``Container/reset(scope:)``: the stale, or captive, dependency. The
/// container notices it when it happens, as .NET's scope validation does, and reports it.
///
/// ```swift
/// container.captiveDependencyPolicy = .fail  // in debug builds and tests
/// ```
public enum CaptiveDependencyPolicy: Sendable, Equatable {
    /// Report a ``DiagnosticEvent/captiveDependency(_:)`` and go on: the default.
    case report
    /// Report it and fail the load of the cached service with
    /// ``ContainerError/captiveDependency(id:scope:dependency:dependencyScope:)``; nothing is cached.
    case fail
}
