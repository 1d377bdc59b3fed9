// Writes a synthetic app for timing inject-lint: an interfaces module declaring three IDs per
// feature, and feature modules of ten files each that provide their own IDs and load IDs of
// other features, so IDs flow between them (with cycles, as in real apps). Some files also use
// child containers, withOverrides, argument providers, named scopes and run-time IDs.
//
// Usage: swift .ci/synthetic-app/generate.swift OUTPUT_DIRECTORY MODULE_COUNT
//
// It writes OUTPUT_DIRECTORY/Sources/<Module>/*.swift and OUTPUT_DIRECTORY/modules.json, the
// description `inject-scan lint --modules` reads (what `swift package inject-lint` writes for
// a package). The app lints clean: `inject-scan lint` must exit 0.
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let moduleCount = Int(arguments.last ?? ""), moduleCount >= 2 else {
    FileHandle.standardError.write(
        Data("usage: generate.swift OUTPUT_DIRECTORY MODULE_COUNT (at least 2)\n".utf8))
    exit(2)
}
let output = URL(fileURLWithPath: String(arguments.first ?? ""))
let filesPerModule = 10
let fileManager = FileManager.default

/// Writes `text` to `path` under the output directory, creating directories as needed.
func write(_ text: String, to path: String) {
    let url = output.appendingPathComponent(path)
    do {
        try fileManager.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    } catch {
        FileHandle.standardError.write(Data("cannot write \(url.path): \(error)\n".utf8))
        exit(1)
    }
}

func feature(_ index: Int) -> String { "Feature\(index)" }

// The interfaces: per feature a service protocol, a plain ID, an alias, an argument ID and a
// named-scope ID.
var interfaces = "import DependencyContainer\nimport Foundation\n\n"
for index in 0..<moduleCount {
    let name = feature(index)
    interfaces += """
        public protocol \(name)Inject: AnyObject, Sendable {
            func run()
        }

        public let \(name.lowercased())InjectID = "\(name)InjectID"

        extension InjectID where Service == any \(name)Inject {
            public static var \(name.lowercased()): Self { InjectID(\(name.lowercased())InjectID) }
            public static var \(name.lowercased())Alias: Self { InjectID(\(name.lowercased())InjectID) }
            public static var \(name.lowercased())Session: Self { InjectID("\(name)SessionInjectID") }
        }

        extension ArgumentInjectID where Argument == URL, Service == any \(name)Inject {
            public static var \(name.lowercased())Stream: Self { ArgumentInjectID("\(name)StreamInjectID") }
        }


        """
}
write(interfaces, to: "Sources/AppInterfaces/IDs.swift")

var modules: [[String: Any]] = [
    ["name": "AppInterfaces", "files": ["Sources/AppInterfaces/IDs.swift"], "dependencies": [String]()]
]
for index in 0..<moduleCount {
    let name = feature(index)
    let lower = name.lowercased()
    var files: [String] = []
    // Each feature loads the IDs of three others: the next, one further on, and one back.
    let loaded = [
        (index + 1) % moduleCount, (index + 7) % moduleCount, (index + moduleCount - 3) % moduleCount,
    ]
    .map { feature($0).lowercased() }
    for file in 0..<filesPerModule {
        var text = "import AppInterfaces\nimport DependencyContainer\nimport Foundation\n\n"
        switch file {
        case 0:
            text += """
                final class \(name)Service: \(name)Inject {
                    let dependency: @Sendable () -> (any \(feature((index + 1) % moduleCount))Inject)?
                    init(dependency: @escaping @Sendable () -> (any \(feature((index + 1) % moduleCount))Inject)?) {
                        self.dependency = dependency
                    }
                    func run() {}
                }

                public enum \(name)Provider: InjectProvider {
                    public static var id: InjectID<any \(name)Inject> { .\(lower) }
                    public static var scope: Scope { .singleton }
                    public static func make(with resolver: Resolver) -> any \(name)Inject {
                        let container = resolver.container
                        // Loaded lazily, outside make(with:): the features need each other.
                        return \(name)Service(dependency: { container.load(.\(loaded[0])) })
                    }
                }

                public enum \(name)SessionProvider: InjectProvider {
                    public static var id: InjectID<any \(name)Inject> { .\(lower)Session }
                    public static var scope: Scope { .session }
                    public static func make(with resolver: Resolver) -> any \(name)Inject {
                        \(name)Service(dependency: { nil })
                    }
                }

                public enum \(name)StreamProvider: ArgumentInjectProvider {
                    public static var id: ArgumentInjectID<URL, any \(name)Inject> { .\(lower)Stream }
                    public static func make(with resolver: Resolver, argument url: URL) -> any \(name)Inject {
                        \(name)Service(dependency: { nil })
                    }
                }

                """
        case 1:
            text += """
                func preview\(name)(_ container: Container) {
                    let screen = Container(parent: container)
                    screen.register(.\(lower)) { \(name)Service(dependency: { nil }) }
                    _ = container.withOverrides { overrides in
                        overrides.register(.\(lower)Alias) { \(name)Service(dependency: { nil }) }
                    } operation: {
                        container.load(.\(lower))
                    }
                    let plugin = InjectID<any \(name)Inject>("\(name)" + "Plugin")
                    _ = container.load(plugin)
                }

                """
        default:
            let target = loaded[file % loaded.count]
            text += """
                /// Screen \(file) of \(name): it loads \(target) lazily.
                final class \(name)Screen\(file) {
                    @Injected(.\(target)) var service: (any \(target.prefix(1).uppercased() + target.dropFirst())Inject)?
                    let title = "\(name) \(file)"

                    func appear(in container: Container) {
                        // Loads through the container, as every screen does.
                        container.load(.\(loaded[(file + 1) % loaded.count]))?.run()
                        container.load(.\(lower)Alias)?.run()
                        let text = \"\"\"
                            \(name) screen \(file): not code, \\(title)
                            container.register(.\(lower)) { nothing }
                            \"\"\"
                        print(text)
                    }
                }

                """
        }
        // Filler, so that files have a realistic size: view code the scanner must read past.
        for line in 0..<20 {
            text +=
                "private let \(lower)Layout\(file)x\(line) = [\(line), \(line * 2), \(line * 3)]  // spacing\n"
        }
        let path = "Sources/\(name)/\(name)File\(file).swift"
        write(text, to: path)
        files.append(path)
    }
    modules.append(["name": name, "files": files, "dependencies": ["AppInterfaces"]])
}

do {
    let data = try JSONSerialization.data(
        withJSONObject: ["modules": modules], options: [.prettyPrinted, .sortedKeys])
    try data.write(to: output.appendingPathComponent("modules.json"))
} catch {
    FileHandle.standardError.write(Data("cannot write modules.json: \(error)\n".utf8))
    exit(1)
}
print("synthetic app: \(moduleCount) modules, \(moduleCount * filesPerModule) files in \(output.path)")
