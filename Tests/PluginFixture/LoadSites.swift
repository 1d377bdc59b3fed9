import DependencyContainer

extension InjectID where Service == any Greeter {
    public static var echo: Self { InjectID("EchoGreeterInjectID") }
}

/// A load outside every factory, which the generated `loadSites` lists, and a closure
/// registration whose dependencies the generated entry infers from its body. The tests name
/// these lines: keep them where they are.
public enum GreeterScreen {
    public static func greeting(in container: Container) -> String? {
        container.load(.plain)?.greeting
    }

    public static func registerEcho(into container: Container) {
        container
            .register(.echo) { resolver in
                FixedGreeter(try resolver.require(.plain).greeting)
            }
    }
}
