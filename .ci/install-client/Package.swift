// swift-tools-version: 6.0
// The README's install lines, resolved by `.ci/run install-line` against a copy of this
// package in a folder named `dependency-container`: without `name:`, SwiftPM would call the
// package `dependency-container` and `package: "DependencyContainer"` would not resolve.
import PackageDescription

let package = Package(
    name: "InstallClient",
    dependencies: [
        .package(name: "DependencyContainer", path: "../dependency-container"),
    ],
    targets: [
        .target(name: "AppInterfaces", dependencies: [
            .product(name: "DependencyContainer", package: "DependencyContainer"),
        ]),
    ]
)
