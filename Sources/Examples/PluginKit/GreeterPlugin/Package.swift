// swift-tools-version:6.0
// A plugin: a dynamic library that depends on the app's runtime product, and on nothing that
// links DependencyContainer statically.
import PackageDescription

let package = Package(
    name: "GreeterPlugin",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        // The loader's install(in:) and loadAll(in:) take libraries named lib…Plugin.
        .library(name: "GreeterPlugin", type: .dynamic, targets: ["DCKitGreeterPlugin"])
    ],
    dependencies: [.package(path: "../AppRuntime")],
    targets: [
        .target(
            name: "DCKitGreeterPlugin",
            dependencies: [.product(name: "AppRuntime", package: "AppRuntime")]
        )
    ],
    swiftLanguageModes: [.v6]
)
