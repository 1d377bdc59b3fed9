import DependencyContainer
import Testing

// The examples of cached services, captive dependencies and deep chains, from the DocC
// articles and doc comments; `.ci/check-doc-snippets.swift` checks that each appears here.

@Suite("Read path examples")
struct ReadPathExamplesTests {
    @Test("A singleton first loaded under an override is built with the container's own toast")
    func cachedServiceIgnoresOverride() {
        let container = Container()
        container.register(.toast, scope: .singleton) { ConsoleToast() }
        container.register(.player, scope: .singleton) { r in Player(toast: r.load(.toast)) }
        let player = container.withOverrides {
            $0.register(.toast) { RecordingToast() }
        } operation: {
            container.load(.player)  // created with the container's own toast, and cached
        }
        #expect(player === container.load(.player))
        let recording = RecordingToast()
        container.withOverrides {
            $0.register(.toast) { recording }
        } operation: {
            container.load(.player)?.play("Intro")
        }
        #expect(recording.shown.isEmpty, "the cached player keeps the container's toast")
    }

    @Test("The fail policy refuses a singleton whose factory loads a session service")
    func captiveDependencyFails() {
        let container = Container()
        container.captiveDependencyPolicy = .fail  // in debug builds and tests
        container.register(.cart, scope: .session) { ShoppingCart() }
        container.register(.checkout, scope: .singleton) { r in Checkout(cart: r.load(.cart)) }
        #expect(container.load(.checkout) == nil)
        #expect(throws: ContainerError.self) { try container.require(.checkout) }
    }
}

final class Checkout: Sendable {
    let cart: ShoppingCart?
    init(cart: ShoppingCart?) { self.cart = cart }
}

extension InjectID where Service == Checkout {
    static var checkout: Self { InjectID("CheckoutInjectID") }
}
