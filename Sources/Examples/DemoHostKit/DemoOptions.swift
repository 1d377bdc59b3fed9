/// The demo host's command line.
public struct DemoOptions: Equatable, Sendable {
    /// Features to leave out, as if they were not linked.
    public var excludedFeatures: Set<Feature> = []

    /// Directories to load plugin libraries from, in order.
    public var pluginDirectories: [String] = []

    /// Whether to print the usage and exit.
    public var showsHelp = false

    /// The usage text.
    public static let usage = """
        usage: demo-host [--without FEATURE]... [--plugins DIRECTORY]... [--help]

          --without FEATURE     leave FEATURE out (repeatable); one of: \(Feature.allCases.map(\.rawValue).joined(separator: ", "))
          --plugins DIRECTORY   load the plugin libraries (lib…Plugin.so) in DIRECTORY (repeatable)
          --help                show this help
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
            case "--plugins":
                guard let directory = remaining.popFirst(), !directory.hasPrefix("--") else {
                    throw .missingValue(option: argument)
                }
                pluginDirectories.append(directory)
            default:
                if argument.hasPrefix("--plugins=") {
                    pluginDirectories.append(String(argument.dropFirst("--plugins=".count)))
                } else if argument.hasPrefix("--without=") {
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
            return "demo-host: \(option) needs a value"
        }
    }

    /// The exit status for a usage error.
    public static let exitStatus: Int32 = 2
}
