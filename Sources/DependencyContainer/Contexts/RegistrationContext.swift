/// A situation a registration is made for: an Xcode preview, a test run, a debug build, or a
/// named one such as a UI test's mock server.
///
/// A registration made for a context answers loads only while that context is active, in place
/// of the default one. Precedence: named (first activated first) > ``preview`` > ``test`` >
/// ``debug`` > the default registration. See <doc:Contexts>.
///
/// ```swift
/// container.register(.analytics, scope: .singleton) { ConsoleAnalytics() }
/// container.register(.analytics, scope: .singleton, context: .preview) { SilentAnalytics() }
/// ```
public struct RegistrationContext: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case debug, test, preview
        case named(String)
    }

    let kind: Kind

    /// Active in a debug build of the app, once it calls ``activateDetected(isDebugBuild:)``.
    public static let debug = RegistrationContext(kind: .debug)

    /// Active in a process that runs tests (XCTest or Swift Testing).
    public static let test = RegistrationContext(kind: .test)

    /// Active in an Xcode preview (`XCODE_RUNNING_FOR_PREVIEWS=1`).
    public static let preview = RegistrationContext(kind: .preview)

    /// A context of your own, active when chosen by the `DEPENDENCY_CONTAINER_CONTEXT`
    /// environment variable, the `-DependencyContainerContext` launch argument or code.
    public static func named(_ name: String) -> RegistrationContext {
        RegistrationContext(kind: .named(name))
    }

    /// The name of a named context; `nil` for a built-in one.
    public var name: String? {
        if case .named(let name) = kind { name } else { nil }
    }

    /// `preview`, `test`, `debug`, or the name of a named context.
    public var description: String { name.map(IDValidation.abbreviated) ?? "\(kind)" }

    /// Higher wins: named 3, preview 2, test 1, debug 0.
    var precedence: Int { [.debug, .test, .preview].firstIndex(of: kind) ?? 3 }

    /// `contexts` without repeats, in precedence order: named ones first, in the order given.
    static func inPrecedenceOrder(_ contexts: [RegistrationContext]) -> [RegistrationContext] {
        var seen = Set<RegistrationContext>()
        // The standard library's sort is stable: named contexts keep the order they were given in.
        return contexts.filter { seen.insert($0).inserted }.sorted { $0.precedence > $1.precedence }
    }
}
