// swift-tools-version:6.0
// An app's package with the module names apps use: AppInterfaces, ToastFeature, PlayerFeature,
// AnalyticsFeature, App, Tests. SwiftPM requires target names to be unique across the whole
// package graph, so this resolves only while DependencyContainer declares none of them; CI
// builds, runs and tests it to keep it that way.
import PackageDescription

let registration: Target.PluginUsage = .plugin(name: "RegistrationPlugin", package: "DependencyContainer")

let package = Package(
    name: "EverydayClient",
    // The platforms DependencyContainer declares: an app for iOS 13 can adopt it.
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    dependencies: [.package(name: "DependencyContainer", path: "../..")],
    targets: [
        .target(name: "AppInterfaces", dependencies: ["DependencyContainer"]),
        .target(
            name: "ToastFeature",
            dependencies: ["AppInterfaces", "DependencyContainer"],
            plugins: [registration]
        ),
        .target(
            name: "PlayerFeature",
            dependencies: ["AppInterfaces", "DependencyContainer"],
            plugins: [registration]
        ),
        .target(
            name: "AnalyticsFeature",
            dependencies: ["AppInterfaces", "DependencyContainer"],
            plugins: [registration]
        ),
        .executableTarget(
            name: "App",
            dependencies: [
                "AppInterfaces", "ToastFeature", "PlayerFeature", "AnalyticsFeature", "DependencyContainer",
            ]
        ),
        .testTarget(
            name: "Tests",
            dependencies: [
                "AppInterfaces", "ToastFeature", "PlayerFeature", "AnalyticsFeature", "DependencyContainer",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
