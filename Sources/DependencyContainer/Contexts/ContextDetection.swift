#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What ``RegistrationContext/detect(environment:arguments:isDebugBuild:)`` found: the
/// contexts to activate, and the names it was given that name no context; see <doc:Contexts>.
public struct ContextDetection: Hashable, Sendable {
    /// The contexts detected, highest precedence first.
    public let contexts: [RegistrationContext]

    /// The names given that were refused, such as an empty one; never silently ignored.
    public let problems: [ContextProblem]
}

/// A context name that names no context: an invalid name from the environment or the launch
/// arguments, or an active named context that no registration uses, reported by ``Container/reportUnknownContexts()`` as ``DiagnosticEvent/unknownContext(_:)``.
public struct ContextProblem: Hashable, Sendable, CustomStringConvertible {
    /// The name as given, abbreviated when it is long.
    public let name: String

    /// Why it names no context.
    public let reason: String

    /// `'name': reason`.
    public var description: String { "'\(name)': \(reason)" }
}

extension RegistrationContext {
    /// The environment variable that activates named contexts, comma-separated.
    public static let environmentVariable = "DEPENDENCY_CONTAINER_CONTEXT"

    /// The launch argument that activates a named context (or several, comma-separated):
    /// `-DependencyContainerContext mockServer`.
    public static let launchArgument = "-DependencyContainerContext"

    /// The environment variables detection reads: the contexts', the previews', then XCTest's.
    static let detectedVariables = [
        environmentVariable, "XCODE_RUNNING_FOR_PREVIEWS", "XCTestConfigurationFilePath", "XCTestBundlePath",
        "XCTestSessionIdentifier",
    ]

    /// Works out which contexts a process is in, from the environment and launch arguments
    /// given rather than the process's own, so that it can be tested.
    ///
    /// ``test`` under a test runner (an `.xctest` executable or XCTest's variables set),
    /// ``preview`` when `XCODE_RUNNING_FOR_PREVIEWS` is `1`, ``debug`` when `isDebugBuild`, and a
    /// named context per comma-separated name in ``environmentVariable`` and after each
    /// ``launchArgument``. An invalid name or an argument with no value is a problem, not a
    /// context. See <doc:Contexts>.
    public static func detect(
        environment: [String: String] = processEnvironment(),
        arguments: [String] = CommandLine.arguments,
        isDebugBuild: Bool
    ) -> ContextDetection {
        var contexts: [RegistrationContext] = []
        var problems: [ContextProblem] = []
        func addNames(_ value: String, source: String) {
            for part in value.split(separator: ",", omittingEmptySubsequences: false) {
                let name = String(
                    part.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
                if let problem = IDValidation.problem(with: name) {
                    let reason =
                        problem.hasPrefix("the ID") ? "the name" + problem.dropFirst("the ID".count) : problem
                    problems.append(
                        ContextProblem(
                            name: IDValidation.abbreviated(name),
                            reason: "\(source) names no context: \(reason)"))
                } else {
                    contexts.append(.named(name))
                }
            }
        }
        if let value = environment[environmentVariable] {
            addNames(value, source: environmentVariable)
        }
        // Each launch argument takes the argument after it as its value, whatever it is.
        var rest = arguments[...]
        while let index = rest.firstIndex(of: launchArgument) {
            rest = rest[(index + 1)...]
            guard let value = rest.popFirst() else {
                problems.append(ContextProblem(name: "", reason: "\(launchArgument) has no value"))
                break
            }
            addNames(value, source: launchArgument)
        }
        if environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1" {
            contexts.append(.preview)
        }
        let executable = arguments.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? ""
        if executable.hasSuffix(".xctest") || arguments.contains(where: { $0.contains(".xctest/") })
            || detectedVariables.dropFirst(2).contains(where: { environment[$0] != nil })
        {
            contexts.append(.test)
        }
        if isDebugBuild {
            contexts.append(.debug)
        }
        return ContextDetection(contexts: inPrecedenceOrder(contexts), problems: problems)
    }

    /// The variables detection reads that are set in the process's environment, with their values.
    public static func processEnvironment() -> [String: String] {
        let set = detectedVariables.compactMap { name in getenv(name).map { (name, String(cString: $0)) } }
        return Dictionary(uniqueKeysWithValues: set)
    }

    /// The contexts active in this process, highest precedence first.
    ///
    /// Detected at first use, without ``debug`` (see ``activateDetected(isDebugBuild:)``). A
    /// container given its own contexts (``Container/setActiveContexts(_:)``) ignores these.
    public static var active: [RegistrationContext] {
        ContextActivation.active
    }

    /// Replaces the contexts active in this process.
    ///
    /// Every container that follows the process's contexts switches at once: a registration
    /// that stops answering is retired with its cached services, whose dispose hooks run.
    public static func activate(_ contexts: [RegistrationContext]) {
        ContextActivation.setActive(contexts, problems: nil)
    }

    /// Activates the contexts detected from the process's environment and launch arguments,
    /// and ``debug`` when the app says it is a debug build.
    ///
    /// Call it once, early, from the app's own module: a default argument would be evaluated
    /// with the library's build settings, not the app's.
    ///
    /// ```swift
    /// RegistrationContext.activateDetected(isDebugBuild: _isDebugAssertConfiguration())
    /// ```
    public static func activateDetected(isDebugBuild: Bool) {
        let detection = detect(isDebugBuild: isDebugBuild)
        ContextActivation.setActive(detection.contexts, problems: detection.problems)
    }
}
