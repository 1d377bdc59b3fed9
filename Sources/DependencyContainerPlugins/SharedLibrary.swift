import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A shared library opened with `dlopen`.
///
/// Libraries are never closed: the Swift runtime registers a library's type metadata and
/// conformances when it is opened and cannot forget them, so unloading could leave dangling
/// pointers behind.
struct SharedLibrary {
    /// The file name suffix of shared libraries on this platform.
    #if canImport(Darwin)
        static let fileExtension = "dylib"
    #else
        static let fileExtension = "so"
    #endif

    let path: String
    private let handle: UnsafeMutableRawPointer

    /// Opens the library `name`, resolving all its symbols now.
    ///
    /// - Parameters:
    ///   - name: What `dlopen` opens: a path, or `/proc/self/fd/N` for an open descriptor.
    ///   - path: The library's path, for errors; `name` unless stated.
    /// - Returns: The library, or why it cannot be opened.
    static func open(_ name: String, reportedAs path: String? = nil) -> Result<SharedLibrary, PluginLoadError>
    {
        let path = path ?? name
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            let message = dlerror().map { String(cString: $0) } ?? "unknown error"
            // The loader's message names what it opened; the host knows the path.
            let detail = name == path ? message : message.replacingOccurrences(of: name, with: path)
            return .failure(classifyOpenFailure(path: path, detail: detail))
        }
        return .success(SharedLibrary(path: path, handle: handle))
    }

    /// The address of the exported symbol `name`, if any.
    func symbol(named name: String) -> UnsafeMutableRawPointer? {
        dlsym(handle, name)
    }

    /// Tells a library that needs a missing library from a file that is no library at all,
    /// from the loader's message: for a missing dependency it names that dependency.
    static func classifyOpenFailure(path: String, detail: String) -> PluginLoadError {
        let ownName = path.split(separator: "/").last.map(String.init) ?? path
        let marker = ": cannot open shared object file"
        if let range = detail.range(of: marker) {
            let library = String(detail[..<range.lowerBound])
            if library != path, library != ownName, !library.hasSuffix("/" + ownName) {
                return .missingDependency(path: path, library: library, detail: detail)
            }
        }
        #if canImport(Darwin)
            if let range = detail.range(of: "Library not loaded: ") {
                let library = detail[range.upperBound...].prefix { $0 != "\n" }
                return .missingDependency(path: path, library: String(library), detail: detail)
            }
        #endif
        return .notALoadableLibrary(path: path, detail: detail)
    }
}
