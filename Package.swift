// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "DependencyContainer",
    // Where apps are: the library targets use no API newer than these (.ci/check-platform-apis.swift).
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "DependencyContainer", targets: ["DependencyContainer"]),
        .library(name: "DependencyContainerPlugins", targets: ["DependencyContainerPlugins"]),
        // For test targets: a Swift Testing trait that overrides registrations for one test.
        .library(name: "DependencyContainerTesting", targets: ["DependencyContainerTesting"]),
        // For SwiftUI apps on iOS 17 / macOS 14: an Observable handle on one ID. Its own product,
        // so that apps on the iOS 13 floor link none of Observation.
        .library(name: "DependencyContainerObservation", targets: ["DependencyContainerObservation"]),
        // For hosts that load plugins: host and plugins link this one shared copy of the core.
        .library(
            name: "DependencyContainerDynamic",
            type: .dynamic,
            targets: ["DependencyContainer", "DependencyContainerPlugins"]
        ),
        // The example app's shared runtime for the plugin demo in Sources/Examples/PluginDemo:
        // the core, the interfaces and the host, in one library both sides link.
        .library(
            name: "PluginDemoRuntime",
            type: .dynamic,
            targets: [
                "DependencyContainer", "DependencyContainerPlugins", "DCExampleAppInterfaces",
                "DCExampleDemoHostKit", "DCExamplePlayerFeature", "DCExampleAnalyticsFeature",
            ]
        ),
        .executable(name: "demo-host", targets: ["DCExampleDemoHost"]),
        .executable(name: "container-bench", targets: ["DependencyContainerBench"]),
        .executable(name: "inject-scan", targets: ["inject-scan"]),
        .plugin(name: "RegistrationPlugin", targets: ["RegistrationPlugin"]),
        .plugin(name: "InjectLintPlugin", targets: ["InjectLintPlugin"]),
    ],
    // SwiftPM requires target names to be unique across the whole package graph, so every target
    // here is in every client's namespace. Only the libraries and plugins have plain names; the
    // rest carry a prefix no app would use (DCExample for the example app, whose module names
    // appear in its code; DependencyContainer for the tools, the benchmark and the tests) and
    // keep their directories through `path:`. `.ci/everyday-client` checks that an app with the
    // usual module names resolves.
    // Off by default, so no release build of the library contains the hooks: the interleaving
    // checker's build (`swift test --traits InterleavingChecks --filter InterleavingTests`) routes
    // the read path's synchronization points through a scheduler.
    traits: [
        .trait(
            name: "InterleavingChecks",
            description:
                "Test-only: routes the core's synchronization points through the interleaving checker"
        )
    ],
    targets: [
        // The core's C: atomics for the lock-free read path (Synchronization's Atomic needs
        // iOS 18), the reclamation's fences, a non-trapping main-thread check (Swift has no
        // public one) and the thread's remaining stack.
        .target(name: "DependencyContainerSystem"),
        // The core's unsafe kernel: locks, atomics, the thread-state slot, read sections and
        // reclamation, published references and borrowed reads, with a `package` API. Its own
        // module so that the compiler keeps the engine off unretained pointers and unsafe casts
        // (`bash .ci/run unsafe-core` checks that the core uses none); the hot path inlines across
        // it. Not a product: only the core links it, and its name is no app's. The interleaving
        // checker's hooks live here (the checker itself is a test target's), so the trait's define
        // applies to it as to the core.
        .target(
            name: "DependencyContainerKernel",
            dependencies: ["DependencyContainerSystem"],
            swiftSettings: [.define("DC_INTERLEAVING", .when(traits: ["InterleavingChecks"]))]
        ),
        // The core: the engine and the public API. It still calls the C target itself for the
        // main-thread check and the stack's bounds, which are no unsafe Swift.
        .target(
            name: "DependencyContainer",
            dependencies: ["DependencyContainerKernel", "DependencyContainerSystem"],
            swiftSettings: [.define("DC_INTERLEAVING", .when(traits: ["InterleavingChecks"]))]
        ),
        .target(name: "DependencyContainerPlugins", dependencies: ["DependencyContainer"]),
        .target(name: "DependencyContainerTesting", dependencies: ["DependencyContainer"]),
        .target(name: "DependencyContainerObservation", dependencies: ["DependencyContainer"]),

        // Build-time checks: the scanner library, the tool the plugins run, and the plugins.
        .target(name: "DependencyContainerInjectScanner", path: "Sources/InjectScanner"),
        // A plugin finds its tool through an executable product named like the tool's target,
        // so the target keeps the product's name, `inject-scan`, which is no app module's name.
        .executableTarget(name: "inject-scan", dependencies: ["DependencyContainerInjectScanner"]),
        .plugin(
            name: "RegistrationPlugin",
            capability: .buildTool(),
            dependencies: ["inject-scan"]
        ),
        .plugin(
            name: "InjectLintPlugin",
            capability: .command(
                intent: .custom(
                    verb: "inject-lint",
                    description:
                        "Reports unprovided, duplicate, undeclared and mistyped IDs, and cycles, in every source target"
                ),
                permissions: []
            ),
            dependencies: ["inject-scan"]
        ),

        // The example app: two features that need each other but never import each other.
        .target(
            name: "DCExampleAppInterfaces",
            dependencies: ["DependencyContainer"],
            path: "Sources/Examples/AppInterfaces"
        ),
        .target(
            name: "DCExampleToastFeature",
            dependencies: ["DCExampleAppInterfaces", "DependencyContainer"],
            path: "Sources/Examples/ToastFeature",
            plugins: ["RegistrationPlugin"]
        ),
        .target(
            name: "DCExamplePlayerFeature",
            dependencies: ["DCExampleAppInterfaces", "DependencyContainer"],
            path: "Sources/Examples/PlayerFeature",
            plugins: ["RegistrationPlugin"]
        ),
        .target(
            name: "DCExampleAnalyticsFeature",
            dependencies: ["DCExampleAppInterfaces", "DependencyContainer"],
            path: "Sources/Examples/AnalyticsFeature",
            plugins: ["RegistrationPlugin"]
        ),
        .target(
            name: "DCExampleDemoHostKit",
            dependencies: ["DCExampleAppInterfaces", "DependencyContainer", "DependencyContainerPlugins"],
            path: "Sources/Examples/DemoHostKit",
            // It registers no provider: its entry records the host's own load sites for verify().
            plugins: ["RegistrationPlugin"]
        ),
        .executableTarget(
            name: "DCExampleDemoHost",
            dependencies: [
                "DCExampleDemoHostKit", "DCExampleToastFeature", "DCExamplePlayerFeature",
                "DCExampleAnalyticsFeature",
            ],
            path: "Sources/Examples/DemoHost"
        ),

        .executableTarget(
            name: "DependencyContainerBench",
            dependencies: ["DependencyContainer", "DependencyContainerPlugins"],
            path: "Sources/ContainerBench"
        ),
        .testTarget(
            name: "DependencyContainerTests",
            dependencies: ["DependencyContainer"]
        ),
        // The interleaving checker: a scheduler that runs checked threads one at a time through
        // the kernel's hooks, and the explorer of their schedules. Test-only, so it lives with the
        // tests; without the trait it compiles to nothing.
        .target(
            name: "DependencyContainerInterleavingChecker",
            dependencies: ["DependencyContainerKernel"],
            path: "Tests/InterleavingChecker",
            swiftSettings: [.define("DC_INTERLEAVING", .when(traits: ["InterleavingChecks"]))]
        ),
        // The interleaving checker's scenarios; without the trait it compiles to nothing.
        .testTarget(
            name: "DependencyContainerInterleavingTests",
            dependencies: [
                "DependencyContainer", "DependencyContainerKernel", "DependencyContainerInterleavingChecker",
            ],
            path: "Tests/InterleavingTests",
            swiftSettings: [.define("DC_INTERLEAVING", .when(traits: ["InterleavingChecks"]))]
        ),
        .testTarget(
            name: "DependencyContainerTestingTests",
            dependencies: ["DependencyContainerTesting", "DependencyContainer"],
            path: "Tests/TestingTraitTests"
        ),
        .testTarget(
            name: "DependencyContainerObservationTests",
            dependencies: ["DependencyContainerObservation", "DependencyContainer"],
            path: "Tests/ObservationTests"
        ),
        .testTarget(
            name: "DependencyContainerPluginsTests",
            dependencies: ["DependencyContainerPlugins", "DependencyContainer"]
        ),
        .testTarget(
            name: "DependencyContainerDemoHostTests",
            dependencies: [
                "DCExampleDemoHostKit", "DCExampleAppInterfaces", "DependencyContainer",
                "DCExampleToastFeature", "DCExamplePlayerFeature", "DCExampleAnalyticsFeature",
            ],
            path: "Tests/DemoHostTests"
        ),
        .testTarget(
            name: "DependencyContainerInjectScannerTests",
            dependencies: ["DependencyContainerInjectScanner"],
            path: "Tests/InjectScannerTests",
            exclude: ["Fixtures"]
        ),
        // A target that applies RegistrationPlugin, checked end to end by the tests below.
        .target(
            name: "DependencyContainerPluginFixture",
            dependencies: ["DependencyContainer"],
            path: "Tests/PluginFixture",
            plugins: ["RegistrationPlugin"]
        ),
        // A host named like its composition type, with a type-keyed assembly: its generated
        // entry must compile beside `enum DependencyContainerPluginHostFixture`.
        .target(
            name: "DependencyContainerPluginHostFixture",
            dependencies: ["DependencyContainer"],
            path: "Tests/PluginHostFixture",
            plugins: ["RegistrationPlugin"]
        ),
        .testTarget(
            name: "DependencyContainerRegistrationPluginTests",
            dependencies: [
                "DependencyContainerPluginFixture", "DependencyContainerPluginHostFixture",
                "DependencyContainer",
            ],
            path: "Tests/RegistrationPluginTests"
        ),
        .testTarget(
            name: "DependencyContainerDocumentationExamplesTests",
            dependencies: ["DependencyContainer"],
            path: "Tests/DocumentationExamplesTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
