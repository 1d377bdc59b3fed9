import DependencyContainer
import PortAlertsAssembly
import PortCoreAssembly
import PortFeedAssembly
import PortInterfaces

/// The app's composition root, once Swinject's `Assembler`.
public enum Composition {
    /// A container with every assembly registered, in Swinject's default scope, `.graph`.
    public static func makeContainer() -> Container {
        let container = Container(defaultScope: .graph)
        CoreAssembly.assemble(into: container)
        AlertsAssembly.assemble(into: container)
        FeedAssembly.assemble(into: container)
        // The generated entries: what each assembly's factories load and its load sites, so
        // that verify() checks every registration and every load.
        PortCoreAssembly.register(into: container)
        PortAlertsAssembly.register(into: container)
        PortFeedAssembly.register(into: container)
        PortHostKit.register(into: container)
        return container
    }
}

/// What the app loads at launch.
public struct Launched {
    /// The first screen.
    public let screen: any FeedScreen
    /// The app's toast.
    public let toast: any Toast

    /// Loads the first screen and the toast, as the app delegate did with `resolve`.
    ///
    /// - Throws: ``ContainerError`` naming what could not be loaded.
    public init(from container: Container) throws {
        screen = try container.require(.type(FeedScreen.self))
        toast = try container.require(.type(Toast.self))
    }
}
