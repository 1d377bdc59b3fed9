import DependencyContainer
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Builds the descriptor a plugin library returns from its entry function.
///
/// A plugin is a dynamic library product that depends on the one shared library that carries
/// the core in the host's process (the `DependencyContainerDynamic` product, or the app's own
/// dynamic runtime product that links the core), and on nothing else that links the core or
/// the interface modules: host and plugin must share one copy of each. It exports one entry:
///
/// ```swift
/// @_cdecl("dependency_container_plugin_entry")
/// public func dependencyContainerPluginEntry() -> UnsafeRawPointer? {
///     PluginExport.descriptor(
///         manifest: PluginManifest(
///             name: "ToastPlugin", version: "1.0.0", providedIDs: ["ToastInjectID"],
///             contributions: ["PlayerMenuExtensionPoint": ["notify-when-live"]],
///             // What the feature's code loads outside its factories, for the host's verify().
///             loadSites: ToastPluginFeature.loadSites)
///     ) { container in
///         ToastPluginFeature.register(into: container)
///     }
/// }
/// ```
public enum PluginExport {
    /// Returns a descriptor for `manifest` whose register function calls `register`.
    ///
    /// The descriptor lives for the rest of the process, as the plugin library does.
    ///
    /// - Parameters:
    ///   - manifest: What the plugin declares about itself.
    ///   - register: Registers the plugin's services into the container it is given: a
    ///     scratch container whose registrations reach the host's only if all succeed. Throw
    ///     to report failure; the host's container is then left as it was.
    /// - Returns: The descriptor, for the entry function to return.
    public static func descriptor(
        manifest: PluginManifest,
        register: @escaping (Container) throws -> Void
    ) -> UnsafeRawPointer? {
        guard let json = try? encodeManifest(manifest) else { return nil }
        let descriptor = UnsafeMutableRawPointer.allocate(byteCount: PluginABI.descriptorSize, alignment: 8)
        descriptor.storeBytes(of: PluginABI.currentVersion, toByteOffset: 0, as: UInt32.self)
        descriptor.storeBytes(of: UInt32(PluginABI.descriptorSize), toByteOffset: 4, as: UInt32.self)
        descriptor.storeBytes(of: UnsafeRawPointer(strdup(json)), toByteOffset: 8, as: UnsafeRawPointer?.self)
        descriptor.storeBytes(of: PluginABI.coreIdentity, toByteOffset: 16, as: UnsafeRawPointer.self)
        descriptor.storeBytes(of: registerTrampoline, toByteOffset: 24, as: PluginABI.RegisterFunction.self)
        let context = Unmanaged.passRetained(RegistrationClosure(register)).toOpaque()
        descriptor.storeBytes(of: context, toByteOffset: 32, as: UnsafeMutableRawPointer.self)
        return UnsafeRawPointer(descriptor)
    }

    private static func encodeManifest(_ manifest: PluginManifest) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(manifest), as: UTF8.self)
    }
}

/// The plugin's Swift registration closure, reached from the C register function.
final class RegistrationClosure {
    let body: (Container) throws -> Void

    init(_ body: @escaping (Container) throws -> Void) {
        self.body = body
    }
}

/// The register function every Swift plugin's descriptor points to.
private let registerTrampoline: PluginABI.RegisterFunction = { context, container, errorMessage in
    guard let context else {
        errorMessage.pointee = strdup("the descriptor has no registration context")
        return 1
    }
    let closure = Unmanaged<RegistrationClosure>.fromOpaque(context).takeUnretainedValue()
    let target = Unmanaged<Container>.fromOpaque(container).takeUnretainedValue()
    do {
        try closure.body(target)
        return 0
    } catch {
        errorMessage.pointee = strdup(String(describing: error))
        return 1
    }
}
