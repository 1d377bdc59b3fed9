import DependencyContainer
import Foundation
import Testing

@testable import DependencyContainerPlugins

@Suite("Finding built plugin libraries from tests")
struct BuiltProductsTests {
    @Test("The built products directory holds this test bundle and the package's dynamic libraries")
    func directory() throws {
        let directory = PluginLoader.builtProductsDirectory
        let contents = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(contents.contains("DependencyContainerPackageTests.xctest"))
        // The root package's dynamic product, built with the tests.
        let path = try PluginLoader.builtLibraryPath(named: "PluginDemoRuntime")
        #expect(path.hasPrefix(directory + "/libPluginDemoRuntime."))
    }

    @Test("A library not built is reported as missing, naming where it was looked for")
    func missing() {
        #expect(
            throws: PluginLoadError.fileMissing(
                path: PluginLoader.builtProductsDirectory + "/libNoSuchPlugin.\(SharedLibrary.fileExtension)")
        ) {
            _ = try PluginLoader.builtLibraryPath(named: "NoSuchPlugin")
        }
    }
}
