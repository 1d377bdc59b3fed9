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

    /// Opens the library at `path`, resolving all its symbols now.
    static func open(_ path: String) -> Result<SharedLibrary, PluginLoadError> {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            let detail = dlerror().map { String(cString: $0) } ?? "unknown error"
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
