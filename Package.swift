// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "DependencyContainer",
    products: [
        .library(name: "DependencyContainer", targets: ["DependencyContainer"]),
        .executable(name: "container-bench", targets: ["ContainerBench"]),
    ],
    targets: [
        .target(name: "DependencyContainer"),
        .executableTarget(
            name: "ContainerBench",
            dependencies: ["DependencyContainer"]
        ),
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
