import Foundation

/// Builds small C shared libraries for the loader's error cases, with the toolchain's clang.
///
/// Each test gets its own temporary directory, created with mode 0700 so the loader's
/// permission check accepts it.
struct NativeLibraryBuilder {
    let directory: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "plugin-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: base, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        directory = base.path
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Compiles `source` into `directory/lib<name>.so`, linking `libraries` from `directory`.
    @discardableResult
    func buildLibrary(named name: String, source: String, linking libraries: [String] = []) throws -> String {
        let sourcePath = "\(directory)/\(name).c"
        try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        let output = "\(directory)/lib\(name).so"
        var arguments = ["-shared", "-fPIC", "-o", output, sourcePath, "-L", directory]
        arguments += libraries.map { "-l\($0)" }
        try run(Self.clang, arguments)
        return output
    }

    /// Writes `contents` to `directory/name`.
    func writeFile(named name: String, contents: Data) throws -> String {
        let path = "\(directory)/\(name)"
        try contents.write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The C compiler shipped with the Swift toolchain, found next to `swift` on the PATH.
    static let clang: String = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/clang"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return "/usr/bin/clang"
    }()

    private func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw BuildFailure(description: "\(executable) \(arguments.joined(separator: " ")): \(message)")
        }
    }
}

struct BuildFailure: Error, CustomStringConvertible {
    let description: String
}

/// C sources of plugin libraries that are broken in one way each.
enum NativePluginSource {
    /// A library that is no plugin: it exports something else.
    static let noEntry = "int unrelated_function(void) { return 42; }\n"

    /// A plugin whose descriptor has the given ABI version and manifest.
    static func descriptor(abiVersion: UInt32, manifest: String, coreIdentity: String = "0") -> String {
        let escaped = manifest.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "\"", with: "\\\"")
        return """
            #include <stdint.h>
            struct descriptor {
                uint32_t abi_version;
                uint32_t size;
                const char *manifest;
                const void *core_identity;
                void *register_function;
                void *context;
            };
            static struct descriptor plugin = {
                \(abiVersion), sizeof(struct descriptor), "\(escaped)", (const void *)\(coreIdentity), 0, 0
            };
            const void *dependency_container_plugin_entry(void) { return &plugin; }

            """
    }

    /// A library that needs `libDependency.so`.
    static let needsDependency = """
        int dependency_function(void);
        int plugin_uses_dependency(void) { return dependency_function(); }

        """

    /// The library `needsDependency` links.
    static let dependency = "int dependency_function(void) { return 7; }\n"
}
