// The provider kinds added for issue 19: an argument factory, a provider in a named scope, a
// provider whose backticked name has a space, and a stand-in marked as an override, which the
// generated entry must leave out.
import DependencyContainer

extension ArgumentInjectID where Argument == String, Service == any Greeter {
    public static var named: Self { ArgumentInjectID("NamedGreeterInjectID") }
}

extension InjectID where Service == any Greeter {
    public static var session: Self { InjectID("SessionGreeterInjectID") }
    public static var spaced: Self { InjectID("SpacedGreeterInjectID") }
}

enum NamedGreeterProvider: ArgumentInjectProvider {
    static var id: ArgumentInjectID<String, any Greeter> { .named }
    static func make(with resolver: Resolver, argument name: String) -> any Greeter {
        FixedGreeter("hello, \(name)")
    }
}

enum SessionGreeterProvider: InjectProvider {
    static var id: InjectID<any Greeter> { .session }
    static var scope: Scope { .session }
    static func make(with resolver: Resolver) -> any Greeter {
        FixedGreeter("session")
    }
}

enum `Spaced Provider`: InjectProvider {
    static var id: InjectID<any Greeter> { .spaced }
    static func make(with resolver: Resolver) -> any Greeter {
        FixedGreeter("spaced")
    }
}

// inject-lint: override
enum PreviewPlainProvider: InjectProvider {
    static var id: InjectID<any Greeter> { .plain }
    static func make(with resolver: Resolver) -> any Greeter {
        FixedGreeter("preview")
    }
}
