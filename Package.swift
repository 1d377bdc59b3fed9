// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "DependencyContainer",
    products: [
        .library(name: "DependencyContainer", targets: ["DependencyContainer"])
    ],
    targets: [
        .target(name: "DependencyContainer"),
        .testTarget(
            name: "DependencyContainerTests",
            dependencies: ["DependencyContainer"]
        ),
        .testTarget(
            name: "DocumentationExamplesTests",
            dependencies: ["DependencyContainer"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
