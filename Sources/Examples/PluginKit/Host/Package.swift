// swift-tools-version:6.0
// The host app: an executable that depends on the app's runtime product only.
import PackageDescription

let package = Package(
    name: "Host",
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .executable(name: "kit-host", targets: ["DCKitHost"])
    ],
    dependencies: [.package(path: "../AppRuntime")],
    targets: [
        .executableTarget(
            name: "DCKitHost",
            dependencies: [.product(name: "AppRuntime", package: "AppRuntime")]
        )
    ],
    swiftLanguageModes: [.v6]
)
