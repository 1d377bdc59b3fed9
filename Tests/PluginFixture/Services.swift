// A target that applies RegistrationPlugin, so the plugin's tests can check what the generated
// `DependencyContainerPluginFixture.register(into:)` registers. Every shape the scanner must
// handle is here once.
import DependencyContainer

public protocol Greeter: AnyObject {
    var greeting: String { get }
}

final class FixedGreeter: Greeter {
    let greeting: String
    init(_ greeting: String) { self.greeting = greeting }
}

public let legacyInjectID = "LegacyGreeterInjectID"

extension InjectID where Service == any Greeter {
    public static var plain: Self { InjectID("PlainGreeterInjectID") }
    public static var late: Self { InjectID("LateGreeterInjectID") }
    public static var nested: Self { InjectID("NestedGreeterInjectID") }
    public static var platform: Self { InjectID("PlatformGreeterInjectID") }
    public static var legacy: Self { InjectID(legacyInjectID) }
}
