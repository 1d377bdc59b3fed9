import DependencyContainer
import Foundation
import LintInterfaces

final class HLSStream: StreamInject {
    let url: URL

    init(url: URL) {
        self.url = url
    }
}

/// Opens a stream for each URL: registered by the generated `register(into:)`.
public enum StreamProvider: ArgumentInjectProvider {
    public static var id: ArgumentInjectID<URL, any StreamInject> { .stream }
    public static func make(with resolver: Resolver, argument url: URL) -> any StreamInject {
        HLSStream(url: url)
    }
}

/// The basket, shared until the session scope is reset.
public enum BasketProvider: InjectProvider {
    public static var id: InjectID<Basket> { .basket }
    public static var scope: Scope { .session }
    public static func make(with resolver: Resolver) -> Basket {
        Basket()
    }
}
