import DependencyContainer

/// The binary contract between a host and a plugin library.
///
/// A plugin exports one C function, ``entrySymbol``, that takes no arguments and returns a
/// pointer to a descriptor with this layout (all fields native-endian, 8-byte aligned):
///
/// | offset | field |
/// | --- | --- |
/// | 0 | `UInt32` ABI version, ``currentVersion`` |
/// | 4 | `UInt32` descriptor size in bytes |
/// | 8 | pointer to the manifest, NUL-terminated UTF-8 JSON of ``PluginManifest`` |
/// | 16 | pointer identifying the plugin's copy of `DependencyContainer` |
/// | 24 | the register function, `int32_t (*)(void *context, void *container, char **error)` |
/// | 32 | the register function's `context` |
///
/// The entry must only return the descriptor. The loader reads the ABI version first and
/// touches nothing else in a descriptor of another version. ``PluginExport`` builds the
/// descriptor for plugins written in Swift.
public enum PluginABI {
    /// The name of the C function every plugin library exports.
    public static let entrySymbol = "dependency_container_plugin_entry"

    /// The descriptor layout this version of the package reads and writes.
    public static let currentVersion: UInt32 = 1

    /// The size of a version-1 descriptor.
    static let descriptorSize = 40

    /// The signature of the register function at offset 24.
    typealias RegisterFunction =
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutableRawPointer,
            UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
        ) -> Int32

    /// The signature of ``entrySymbol``.
    typealias EntryFunction = @convention(c) () -> UnsafeRawPointer?

    /// Identifies this process's copy of `DependencyContainer`: the address of its
    /// `Container` type metadata.
    ///
    /// A plugin that links its own copy of the core has its own `Container` type, so its
    /// identity differs, and registrations it made would be invisible to the host's casts.
    static var coreIdentity: UnsafeRawPointer {
        unsafeBitCast(Container.self as AnyClass, to: UnsafeRawPointer.self)
    }
}
