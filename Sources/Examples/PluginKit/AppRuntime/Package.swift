// swift-tools-version:6.0
// The app's own interface package: the one package host and plugins both depend on.
//
// Its one product is a dynamic library holding DependencyContainer, the plugin loader and the
// app's interfaces, so that host and plugins share one copy of each: with two copies, each side
// has its own `Container` type and its own protocols, and nothing the plugin registers would
// cast to what the host asks for. Host and plugins depend on this product only, never on
// DependencyContainer's products themselves, which would link a second, static copy.
import PackageDescription

let package = Package(
    name: "AppRuntime",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "AppRuntime", type: .dynamic, targets: ["DCKitAppInterfaces"])
    ],
    dependencies: [
        // Your app: .package(url: "https://…/DependencyContainer.git", from: "…").
        .package(name: "DependencyContainer", path: "../../../..")
    ],
    targets: [
        .target(
            name: "DCKitAppInterfaces",
            dependencies: [
                .product(name: "DependencyContainer", package: "DependencyContainer"),
                .product(name: "DependencyContainerPlugins", package: "DependencyContainer"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
