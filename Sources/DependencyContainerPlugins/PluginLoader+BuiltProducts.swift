import Foundation

extension PluginLoader {
    /// The directory `swift build` put this process's products in, `.build/<configuration>`
    /// (`.build/debug` for `swift test`): where a package's tests find the plugin libraries it
    /// builds beside the test bundle.
    ///
    /// A test bundle is `<directory>/<Package>PackageTests.xctest`: a file on Linux, a bundle
    /// on Apple platforms. For an executable, the directory is its own, where `swift build`
    /// puts the package's dynamic libraries too.
    ///
    /// ```swift
    /// let path = try PluginLoader.builtLibraryPath(named: "ToastPlugin")
    /// ```
    public static var builtProductsDirectory: String {
        // Apple platforms: the test bundle is loaded into a runner that lives elsewhere.
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            return URL(fileURLWithPath: bundle.bundlePath).resolvingSymlinksInPath()
                .deletingLastPathComponent().path
        }
        let executable =
            Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments.first ?? ".")
        var directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        // Linux: the runner is `<directory>/<Package>PackageTests.xctest`, a file; inside a bundle,
        // `…/Contents/MacOS/<name>`.
        while directory.path.contains(".xctest") {
            directory.deleteLastPathComponent()
        }
        return directory.path
    }

    /// The path of the plugin library product `name` that `swift build` made beside this
    /// process's products (``builtProductsDirectory``): `lib<name>.so`, or `lib<name>.dylib`
    /// on Apple platforms.
    ///
    /// - Parameter name: The dynamic library product's name, such as `ToastPlugin`.
    /// - Returns: The library's path.
    /// - Throws: ``PluginLoadError/fileMissing(path:)`` naming the path when it is not built,
    ///   so a test says to build it first.
    public static func builtLibraryPath(named name: String) throws(PluginLoadError) -> String {
        let path = "\(builtProductsDirectory)/lib\(name).\(SharedLibrary.fileExtension)"
        guard FileManager.default.fileExists(atPath: path) else { throw .fileMissing(path: path) }
        return path
    }
}
