// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "DependencyContainer",
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
    ],
    targets: [
        .target(name: "DependencyContainer"),
        .target(name: "DependencyContainerPlugins", dependencies: ["DependencyContainer"]),

        // The example app: two features that need each other but never import each other.
        .target(
            name: "AppInterfaces",
            dependencies: ["DependencyContainer"],
            path: "Sources/Examples/AppInterfaces"
        ),
        .target(
            name: "ToastFeature",
            dependencies: ["AppInterfaces", "DependencyContainer"],
            path: "Sources/Examples/ToastFeature"
        ),
        .target(
            name: "PlayerFeature",
            dependencies: ["AppInterfaces", "DependencyContainer"],
            path: "Sources/Examples/PlayerFeature"
        ),
        .target(
            name: "AnalyticsFeature",
            dependencies: ["AppInterfaces", "DependencyContainer"],
            path: "Sources/Examples/AnalyticsFeature"
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
            name: "DocumentationExamplesTests",
            dependencies: ["DependencyContainer"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
