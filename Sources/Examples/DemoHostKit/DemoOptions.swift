/// The demo host's command line.
public struct DemoOptions: Equatable, Sendable {
    /// Features to leave out, as if they were not linked.
    public var excludedFeatures: Set<Feature> = []

    /// Whether to print the usage and exit.
    public var showsHelp = false

    /// The usage text.
    public static let usage = """
        usage: demo-host [--without FEATURE]... [--help]

          --without FEATURE   leave FEATURE out (repeatable); one of: \(Feature.allCases.map(\.rawValue).joined(separator: ", "))
          --help              show this help
        """

    /// Creates the default options: every feature, no help.
    public init() {}

    /// Parses `arguments`, the command line without the program name.
    ///
    /// - Parameter arguments: The arguments, e.g. `["--without", "toast"]`.
    /// - Throws: ``DemoOptionsError`` naming the argument that is wrong.
    public init(arguments: [String]) throws(DemoOptionsError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                showsHelp = true
            case "--without":
                guard let name = remaining.popFirst() else { throw .missingValue(option: argument) }
                guard let feature = Feature(rawValue: name) else { throw .unknownFeature(name) }
                excludedFeatures.insert(feature)
            default:
                if argument.hasPrefix("--without=") {
                    let name = String(argument.dropFirst("--without=".count))
                    guard let feature = Feature(rawValue: name) else { throw .unknownFeature(name) }
                    excludedFeatures.insert(feature)
                } else {
                    throw .unknownOption(argument)
                }
            }
        }
    }
}

/// A command-line mistake, with the argument that caused it.
public enum DemoOptionsError: Error, Equatable, CustomStringConvertible {
    /// An option the host does not know.
    case unknownOption(String)

    /// A feature name that is not one of ``Feature``'s.
    case unknownFeature(String)

    /// An option given without its value.
    case missingValue(option: String)

    /// The message printed before the usage.
    public var description: String {
        switch self {
        case .unknownOption(let option):
            return "demo-host: unknown option '\(option)'"
        case .unknownFeature(let name):
            let known = Feature.allCases.map(\.rawValue).joined(separator: ", ")
            return "demo-host: unknown feature '\(name)' (known features: \(known))"
        case .missingValue(let option):
            return "demo-host: \(option) needs a feature name"
        }
    }

    /// The exit status for a usage error.
    public static let exitStatus: Int32 = 2
}
