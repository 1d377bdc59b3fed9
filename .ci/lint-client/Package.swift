// swift-tools-version:6.0
// An app that uses the README's override patterns, an argument provider and a provider in a
// named scope, and must lint clean: `swift package inject-lint` exits 0. CI also lints a copy
// whose alias of the toast ID names the wrong service type, which must fail at that line.
import PackageDescription

let registration: Target.PluginUsage = .plugin(name: "RegistrationPlugin", package: "DependencyContainer")

let package = Package(
    name: "LintClient",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    dependencies: [.package(name: "DependencyContainer", path: "../..")],
    targets: [
        .target(name: "LintInterfaces", dependencies: ["DependencyContainer"]),
        .target(
            name: "LintToastFeature",
            dependencies: ["LintInterfaces", "DependencyContainer"],
            plugins: [registration]
        ),
        .target(
            name: "LintStreamFeature",
            dependencies: ["LintInterfaces", "DependencyContainer"],
            plugins: [registration]
        ),
        .executableTarget(
            name: "LintApp",
            dependencies: ["LintInterfaces", "LintToastFeature", "LintStreamFeature", "DependencyContainer"]
        ),
        .testTarget(
            name: "LintAppTests",
            dependencies: [
                "LintInterfaces", "LintToastFeature",
                .product(name: "DependencyContainerTesting", package: "DependencyContainer"),
                "DependencyContainer",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
