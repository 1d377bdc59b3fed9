import Foundation

@testable import DependencyContainerPlugins

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

    /// Compiles `source` into `directory/lib<name>.so` (`.dylib` on Darwin), linking
    /// `libraries` from `directory`.
    @discardableResult
    func buildLibrary(
        named name: String, source: String, linking libraries: [String] = [], arguments extra: [String] = []
    ) throws -> String {
        let sourcePath = "\(directory)/\(name).c"
        try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        let output = "\(directory)/lib\(name).\(SharedLibrary.fileExtension)"
        var arguments = ["-shared", "-fPIC", "-o", output, sourcePath, "-L", directory]
        arguments += libraries.map { "-l\($0)" } + extra
        try run(Self.clang, arguments)
        return output
    }

    /// Copies the file at `path` to `directory/name`: the same bytes in another file.
    func copyFile(_ path: String, named name: String) throws -> String {
        let copy = "\(directory)/\(name)"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return copy
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

    /// A plugin that loads: it shares this process's core and registers nothing, as its
    /// manifest, named `name`, declares. Its register function first sleeps
    /// `registerDelay` microseconds, which widens the window in which a second load of it
    /// can overlap the first.
    static func working(named name: String, registerDelay: Int = 0) -> String {
        descriptor(
            abiVersion: 1,
            manifest: #"{"name":"\#(name)","version":"1.0","abiVersion":1,"providedIDs":[]}"#,
            coreIdentity: hostCoreIdentity, registerDelay: registerDelay)
    }

    /// This process's core identity as a C literal. The libraries are built and loaded by the
    /// same process, so the address holds for them.
    static var hostCoreIdentity: String {
        "0x" + String(UInt(bitPattern: PluginABI.coreIdentity), radix: 16)
    }

    /// A plugin whose descriptor has the given ABI version and manifest, and, if
    /// `registerDelay` is given, a register function that sleeps that many microseconds,
    /// registers nothing and succeeds.
    static func descriptor(
        abiVersion: UInt32, manifest: String, coreIdentity: String = "0", registerDelay: Int? = nil
    ) -> String {
        let escaped = manifest.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
            of: "\"", with: "\\\"")
        return """
            #include <stdint.h>
            #include <unistd.h>
            static int32_t register_plugin(void *context, void *container, char **error) {
                usleep(\(registerDelay ?? 0));
                return 0;
            }
            struct descriptor {
                uint32_t abi_version;
                uint32_t size;
                const char *manifest;
                const void *core_identity;
                void *register_function;
                void *context;
            };
            static struct descriptor plugin = {
                \(abiVersion), sizeof(struct descriptor), "\(escaped)", (const void *)\(coreIdentity),
                \(registerDelay == nil ? "0" : "(void *)register_plugin"), 0
            };
            const void *dependency_container_plugin_entry(void) { return &plugin; }

            """
    }

    /// A library that needs `libDependency.so` (`.dylib` on Darwin).
    static let needsDependency = """
        int dependency_function(void);
        int plugin_uses_dependency(void) { return dependency_function(); }

        """

    /// The library `needsDependency` links.
    static let dependency = "int dependency_function(void) { return 7; }\n"
}
