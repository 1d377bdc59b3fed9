// swift-tools-version:6.0
// A Swinject app's DI layer ported the way MigratingFromSwinject says: type keys spelled
// `.type(P.self)`, factories that return their implementation, property injection inside
// factories, three assemblies and a host, RegistrationPlugin on every target. Its tests verify
// the whole port with every registration and load site checked, and `swift package inject-lint`
// is clean. CI also checks copies with a registration deleted and one keyed by its
// implementation type: both tools must report them at their lines.
import PackageDescription

let registration: Target.PluginUsage = .plugin(name: "RegistrationPlugin", package: "DependencyContainer")

let package = Package(
    name: "SwinjectPortClient",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    dependencies: [.package(name: "DependencyContainer", path: "../..")],
    targets: [
        .target(name: "PortInterfaces", dependencies: ["DependencyContainer"], plugins: [registration]),
        .target(
            name: "PortCoreAssembly", dependencies: ["PortInterfaces", "DependencyContainer"],
            plugins: [registration]),
        .target(
            name: "PortAlertsAssembly", dependencies: ["PortInterfaces", "DependencyContainer"],
            plugins: [registration]),
        .target(
            name: "PortFeedAssembly", dependencies: ["PortInterfaces", "DependencyContainer"],
            plugins: [registration]),
        .target(
            name: "PortHostKit",
            dependencies: [
                "PortInterfaces", "PortCoreAssembly", "PortAlertsAssembly", "PortFeedAssembly",
                "DependencyContainer",
            ],
            plugins: [registration]
        ),
        .executableTarget(
            name: "PortHost", dependencies: ["PortHostKit", "PortInterfaces", "DependencyContainer"],
            plugins: [registration]),
        .testTarget(
            name: "PortHostTests",
            dependencies: [
                "PortHostKit", "PortInterfaces",
                .product(name: "DependencyContainerTesting", package: "DependencyContainer"),
                "DependencyContainer",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
