import DependencyContainer

enum PlainProvider: InjectProvider {
    static var id: InjectID<any Greeter> { .plain }
    static func make(with resolver: Resolver) -> any Greeter { FixedGreeter("plain") }
}

/// The conformance is added in an extension below.
enum LateProvider {
    static var id: InjectID<any Greeter> { .late }
    static func make(with resolver: Resolver) throws -> any Greeter {
        // Declared by the generated registration: `.require(.plain)` and `.lazy(.nested)`.
        _ = try resolver.require(.plain)
        _ = resolver.lazy(.nested)
        return FixedGreeter("late")
    }
}

extension LateProvider: InjectProvider {}

enum Namespace {
    @usableFromInline  // an attribute must not hide the conformance
    enum NestedProvider: InjectProvider {
        static var id: InjectID<any Greeter> { .nested }
        static func make(with resolver: Resolver) -> any Greeter { FixedGreeter("nested") }
    }
}

#if os(Linux)
    enum PlatformProvider: InjectProvider {
        static var id: InjectID<any Greeter> { .platform }
        static func make(with resolver: Resolver) -> any Greeter { FixedGreeter("linux") }
    }
#else
    enum PlatformProvider: InjectProvider {
        static var id: InjectID<any Greeter> { .platform }
        static func make(with resolver: Resolver) -> any Greeter { FixedGreeter("other") }
    }
#endif

#if false
    // Dead code: were it registered, the generated file would not compile.
    enum DeadProvider: InjectProvider {}
#endif

final class LegacyItem: Injectable {
    var id: String = legacyInjectID
    required init() {}
    func resolve() -> AnyObject { FixedGreeter("legacy") }
}
