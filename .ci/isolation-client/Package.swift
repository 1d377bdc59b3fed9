// swift-tools-version:6.0
// A client in Swift 6 mode, depending on DependencyContainer by path as an app would: a
// `@MainActor` protocol and a class whose initializer is main-actor isolated, registered and
// loaded from the main actor synchronously, from a detached task with `await`, and
// synchronously from a background thread (nil, with a diagnostic). CI builds it with
// -warnings-as-errors and runs it.
import PackageDescription

let package = Package(
    name: "IsolationClient",
    // Synchronization's Atomic, which the core's lock-free read path uses, needs these.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "DependencyContainer", path: "../..")],
    targets: [
        .target(name: "BannerInterface", dependencies: ["DependencyContainer"]),
        .target(name: "BannerFeature", dependencies: ["BannerInterface", "DependencyContainer"]),
        .executableTarget(
            name: "IsolationClient",
            dependencies: ["BannerInterface", "BannerFeature", "DependencyContainer"]
        ),
    ]
)
