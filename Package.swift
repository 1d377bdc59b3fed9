// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "DependencyContainer",
    products: [
        .library(name: "DependencyContainer", targets: ["DependencyContainer"]),
        .executable(name: "demo-host", targets: ["DemoHost"]),
    ],
    targets: [
        .target(name: "DependencyContainer"),

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
            name: "DocumentationExamplesTests",
            dependencies: ["DependencyContainer"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
