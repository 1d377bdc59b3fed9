// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "DependencyContainer",
    products: [
        .library(name: "DependencyContainer", targets: ["DependencyContainer"]),
        .executable(name: "demo-host", targets: ["DemoHost"]),
        .executable(name: "inject-scan", targets: ["inject-scan"]),
        .plugin(name: "RegistrationPlugin", targets: ["RegistrationPlugin"]),
        .plugin(name: "InjectLintPlugin", targets: ["InjectLintPlugin"]),
    ],
    targets: [
        .target(name: "DependencyContainer"),

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
            dependencies: [
                "AppInterfaces", "DependencyContainer", "ToastFeature", "PlayerFeature", "AnalyticsFeature",
            ],
            path: "Sources/Examples/DemoHostKit"
        ),
        .executableTarget(
            name: "DemoHost",
            dependencies: ["DemoHostKit"],
            path: "Sources/Examples/DemoHost"
        ),
        .testTarget(
            name: "DependencyContainerTests",
            dependencies: ["DependencyContainer"]
        ),
        .testTarget(
            name: "DemoHostTests",
            dependencies: ["DemoHostKit", "AppInterfaces", "DependencyContainer"]
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
