// swift-tools-version:6.0
// A client package that depends on DependencyContainer by path, as an app would. It proves
// that the original API's example compiles unchanged (in Swift 5 language mode) and that the
// README's quickstart compiles and runs.
import PackageDescription

let swift5: [SwiftSetting] = [.swiftLanguageMode(.v5)]

let package = Package(
    name: "ContainerClient",
    // The platforms DependencyContainer declares: an app for iOS 13 can adopt it.
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    dependencies: [.package(name: "DependencyContainer", path: "../..")],
    targets: [
        .target(name: "ToastInterface", swiftSettings: swift5),
        .target(
            name: "ToastModule",
            dependencies: ["ToastInterface", "DependencyContainer"],
            swiftSettings: swift5
        ),
        .executableTarget(
            name: "SeedClient",
            dependencies: ["ToastInterface", "ToastModule", "DependencyContainer"],
            swiftSettings: swift5
        ),
        .executableTarget(name: "Quickstart", dependencies: ["DependencyContainer"]),
    ]
)
