import DependencyContainer
import Foundation
import PortInterfaces

final class UptimeClock: Clock {
    let start = Date()
    func now() -> Double { Date().timeIntervalSince(start) }
}

final class DefaultsStore: KeyValueStore {
    func value(for key: String) -> String? { key == "feedPath" ? "/feed" : nil }
}

final class HTTPAPIClient: APIClient {
    let clock: any Clock
    init(clock: any Clock) { self.clock = clock }
    func fetch(_ path: String) -> [String] { ["\(path)/1", "\(path)/2", "\(path)/3"] }
}

/// The core services, once Swinject's `CoreAssembly`.
public enum CoreAssembly {
    /// Registers the clock, the store and the API client.
    public static func assemble(into container: Container) {
        container.register(.type(KeyValueStore.self), scope: .singleton) { DefaultsStore() }
        container.register(.type(APIClient.self)) { r in
            let client = HTTPAPIClient(clock: try r.require(.type(Clock.self)))
            return client
        }
        container.register(.type(Clock.self), scope: .singleton) {
            let clock = UptimeClock()
            return clock
        }
    }
}
