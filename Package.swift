// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "DependencyContainer",
    // Synchronization's Atomic, which the core's lock-free read path uses, needs these.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "DependencyContainer", targets: ["DependencyContainer"]),
        .library(name: "DependencyContainerPlugins", targets: ["DependencyContainerPlugins"]),
        // For hosts that load plugins: host and plugins link this one shared copy of the core.
        .library(
            name: "DependencyContainerDynamic",
            type: .dynamic,
            targets: ["DependencyContainer", "DependencyContainerPlugins"]
        ),
        // The example app's shared runtime for the plugin demo in Sources/Examples/PluginDemo:
        // the core, the interfaces and the host, in one library both sides link.
        .library(
            name: "PluginDemoRuntime",
            type: .dynamic,
            targets: [
                "DependencyContainer", "DependencyContainerPlugins", "AppInterfaces", "DemoHostKit",
                "PlayerFeature",
                "AnalyticsFeature",
            ]
        ),
        .executable(name: "demo-host", targets: ["DemoHost"]),
        .executable(name: "container-bench", targets: ["ContainerBench"]),
        .executable(name: "inject-scan", targets: ["inject-scan"]),
        .plugin(name: "RegistrationPlugin", targets: ["RegistrationPlugin"]),
        .plugin(name: "InjectLintPlugin", targets: ["InjectLintPlugin"]),
    ],
    targets: [
        .target(name: "DependencyContainer"),
        .target(name: "DependencyContainerPlugins", dependencies: ["DependencyContainer"]),

        // Build-time checks: the scanner library, the tool the plugins run, and the plugins.
        .target(name: "InjectScanner"),
        .executableTarget(name: "inject-scan", dependencies: ["InjectScanner"]),
        .plugin(
            name: "RegistrationPlugin",
            capability: .buildTool(),
            dependencies: ["inject-scan"]
        ),
        .plugin(
            name: "InjectLintPlugin",
            capability: .command(
                intent: .custom(
                    verb: "inject-lint",
                    description:
                        "Reports unprovided, duplicate and undeclared IDs, and cycles, in every source target"
                ),
                permissions: []
            ),
            dependencies: ["inject-scan"]
        ),

        // The example app: two features that need each other but never import each other.
        .target(
            name: "AppInterfaces",
            dependencies: ["DependencyContainer"],
            path: "Sources/Examples/AppInterfaces"
        ),
        .target(
            name: "ToastFeature",
            dependencies: ["AppInterfaces", "DependencyContainer"],
            path: "Sources/Examples/ToastFeature",
            plugins: ["RegistrationPlugin"]
        ),
        .target(
            name: "PlayerFeature",
            dependencies: ["AppInterfaces", "DependencyContainer"],
            path: "Sources/Examples/PlayerFeature",
            plugins: ["RegistrationPlugin"]
        ),
        .target(
            name: "AnalyticsFeature",
            dependencies: ["AppInterfaces", "DependencyContainer"],
            path: "Sources/Examples/AnalyticsFeature",
            plugins: ["RegistrationPlugin"]
        ),
        .target(
            name: "DemoHostKit",
            dependencies: ["AppInterfaces", "DependencyContainer", "DependencyContainerPlugins"],
            path: "Sources/Examples/DemoHostKit"
        ),
        .executableTarget(
            name: "DemoHost",
            dependencies: ["DemoHostKit", "ToastFeature", "PlayerFeature", "AnalyticsFeature"],
            path: "Sources/Examples/DemoHost"
        ),

        .executableTarget(
            name: "ContainerBench",
            dependencies: ["DependencyContainer"]
        ),
        .testTarget(
            name: "DependencyContainerTests",
            dependencies: ["DependencyContainer"]
        ),
        .testTarget(
            name: "DependencyContainerPluginsTests",
            dependencies: ["DependencyContainerPlugins", "DependencyContainer"]
        ),
        .testTarget(
            name: "DemoHostTests",
            dependencies: [
                "DemoHostKit", "AppInterfaces", "DependencyContainer", "ToastFeature", "PlayerFeature",
                "AnalyticsFeature",
            ]
        ),
        .testTarget(
            name: "InjectScannerTests",
            dependencies: ["InjectScanner"],
            exclude: ["Fixtures"]
        ),
        // A target that applies RegistrationPlugin, checked end to end by RegistrationPluginTests.
        .target(
            name: "PluginFixture",
            dependencies: ["DependencyContainer"],
            path: "Tests/PluginFixture",
            plugins: ["RegistrationPlugin"]
        ),
        .testTarget(
            name: "RegistrationPluginTests",
            dependencies: ["PluginFixture", "DependencyContainer"]
        ),
        .testTarget(
            name: "DocumentationExamplesTests",
            dependencies: ["DependencyContainer"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
