// swift-tools-version:6.2
// A client whose every target uses default main-actor isolation (SE-0466), as new Xcode app
// targets do: interfaces, two features that need each other only through IDs, a host and tests.
// There, the types a module declares are main-actor isolated, so their conformances to the
// interfaces' protocols are too, and a `register` factory, which runs on any thread, cannot use
// them: such a module registers with `registerOnMainActor` and `MainActorInjectProvider`, and
// keeps `register` for the types it declares `nonisolated`. CI builds it with
// -warnings-as-errors, runs the host and runs the tests.
import PackageDescription

let mainActorByDefault: [SwiftSetting] = [.defaultIsolation(MainActor.self)]

let package = Package(
    name: "DefaultMainActorClient",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    dependencies: [.package(name: "DependencyContainer", path: "../..")],
    targets: [
        .target(
            name: "DMAInterfaces",
            dependencies: ["DependencyContainer"],
            swiftSettings: mainActorByDefault
        ),
        .target(
            name: "DMAToastFeature",
            dependencies: ["DMAInterfaces", "DependencyContainer"],
            swiftSettings: mainActorByDefault
        ),
        .target(
            name: "DMAPlayerFeature",
            dependencies: ["DMAInterfaces", "DependencyContainer"],
            swiftSettings: mainActorByDefault
        ),
        .executableTarget(
            name: "DMAHost",
            dependencies: ["DMAInterfaces", "DMAToastFeature", "DMAPlayerFeature", "DependencyContainer"],
            swiftSettings: mainActorByDefault
        ),
        .testTarget(
            name: "DMATests",
            dependencies: ["DMAInterfaces", "DMAToastFeature", "DMAPlayerFeature", "DependencyContainer"],
            swiftSettings: mainActorByDefault
        ),
    ]
)
