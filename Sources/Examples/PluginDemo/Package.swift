// swift-tools-version:6.0
// The plugin demo: a host that loads the toast feature from a shared library at run time.
//
// It is a package of its own because host and plugins must share one copy of
// DependencyContainer and of the interfaces, and SwiftPM links a package's own targets
// statically into every executable and library it builds. Depending on the root package's
// dynamic `PluginDemoRuntime` product is what makes the host and the plugin share it.
import PackageDescription

let runtime: Target.Dependency = .product(name: "PluginDemoRuntime", package: "DependencyContainer")

let package = Package(
    name: "PluginDemo",
    // The platforms DependencyContainer declares: an app for iOS 13 can adopt it.
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .executable(name: "plugin-host", targets: ["PluginHost"]),
        .library(name: "ToastPlugin", type: .dynamic, targets: ["ToastPlugin"]),
        // Broken plugins for the loader's tests; their names do not end in "Plugin", so
        // `--plugins` never picks them up.
        .library(name: "FailingFixture", type: .dynamic, targets: ["FailingFixture"]),
        .library(name: "DuplicateFixture", type: .dynamic, targets: ["DuplicateFixture"]),
        .library(name: "UndeclaredFixture", type: .dynamic, targets: ["UndeclaredFixture"]),
        .library(name: "LateWriteFixture", type: .dynamic, targets: ["LateWriteFixture"]),
        .library(name: "SharedWriteFixture", type: .dynamic, targets: ["SharedWriteFixture"]),
    ],
    dependencies: [.package(name: "DependencyContainer", path: "../../..")],
    targets: [
        // The example toast feature's own sources (a symbolic link to Sources/Examples/ToastFeature),
        // compiled here against the shared runtime instead of the static core.
        .target(
            name: "ToastPluginFeature",
            dependencies: [runtime],
            plugins: [.plugin(name: "RegistrationPlugin", package: "DependencyContainer")]
        ),
        .target(name: "ToastPlugin", dependencies: ["ToastPluginFeature", runtime]),
        .executableTarget(name: "PluginHost", dependencies: [runtime]),
        .target(name: "FailingFixture", dependencies: [runtime]),
        .target(name: "DuplicateFixture", dependencies: [runtime]),
        .target(name: "UndeclaredFixture", dependencies: [runtime]),
        .target(name: "LateWriteFixture", dependencies: [runtime]),
        .target(name: "SharedWriteFixture", dependencies: [runtime]),
        .testTarget(name: "PluginDemoTests", dependencies: [runtime]),
    ],
    swiftLanguageModes: [.v6]
)
