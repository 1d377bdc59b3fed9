import DependencyContainer
import DependencyContainerObservation
import Observation
import Testing

protocol GreetingInject: AnyObject, Sendable {
    var text: String { get }
}

final class Greeting: GreetingInject {
    let text: String
    init(_ text: String) { self.text = text }
}

extension InjectID where Service == any GreetingInject {
    static var greeting: Self { InjectID("GreetingInjectID") }
}

extension InjectID where Service == Int {
    static var unrelatedNumber: Self { InjectID("UnrelatedNumberInjectID") }
}

extension Scope {
    static let greetingSession = Scope.named("greetingSession")
}

/// Counts calls from any thread.
final class FireCount: Sendable {
    private let value = LockedValue(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

// Each test is marked available: Swift Testing refuses availability on a suite.
@Suite("ObservedService")
struct ObservedServiceTests {
    /// Tracks `read` once: `fired` counts the change that ends the tracking.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    private func track(_ read: @escaping @Sendable () -> Void, _ fired: FireCount) {
        withObservationTracking {
            read()
        } onChange: {
            fired.increment()
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("It loads the current service, and again on each change: added, replaced, reset, removed")
    func followsChanges() {
        let container = Container()
        container.register(.greeting) { Greeting("hello") }
        let handle = ObservedService(.greeting, in: container)
        #expect(handle.service?.text == "hello")
        #expect(handle.registration?.id == "GreetingInjectID")

        container.register(.greeting, scope: .greetingSession) { Greeting("bonjour") }
        #expect(handle.service?.text == "bonjour")
        let first = handle.service
        container.reset(scope: .greetingSession)
        #expect(handle.service !== first, "a reset loads a fresh service")
        container.unregister(.greeting)
        #expect(handle.service == nil)
        #expect(handle.registration == nil)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("Observation tracking fires once per change of the ID, and not for other IDs")
    func trackingFiresOncePerChange() {
        let container = Container()
        let handle = ObservedService(.greeting, in: container)
        let fired = FireCount()

        track({ _ = handle.service }, fired)
        container.register(.unrelatedNumber) { 7 }
        #expect(fired.count == 0)
        container.register(.greeting) { Greeting("hello") }
        #expect(fired.count == 1)

        // Tracking both values still fires once: both change together.
        track({ _ = (handle.service, handle.registration) }, fired)
        container.register(.greeting) { Greeting("hi") }
        #expect(fired.count == 2)

        track({ _ = handle.registration }, fired)
        container.unregister(.greeting)
        #expect(fired.count == 3)
        #expect(handle.service == nil)
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("A child's handle follows the parent's feature until the child shadows it")
    func childHandle() {
        let parent = Container()
        let child = Container(parent: parent)
        let handle = ObservedService(.greeting, in: child)
        parent.register(.greeting) { Greeting("parent") }
        #expect(handle.service?.text == "parent")
        #expect(handle.registration?.isInherited == true)
        child.register(.greeting) { Greeting("child") }
        let fired = FireCount()
        track({ _ = handle.service }, fired)
        parent.register(.greeting) { Greeting("parent again") }
        #expect(fired.count == 0, "the child's own registration shadows the parent's")
        #expect(handle.service?.text == "child")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("The handle does not keep its container alive, and keeps its last values after it goes")
    func weakContainer() {
        var container: Container? = Container()
        container!.register(.greeting) { Greeting("hello") }
        let handle = ObservedService(.greeting, in: container!)
        // Assigned apart from its declaration: `weak let` needs Swift 6.3, above the floor.
        weak var released: Container?
        released = container
        container = nil
        #expect(released == nil)
        #expect(handle.service?.text == "hello")
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Test("The documented example compiles and runs")
    func documentedExample() {
        let container = Container()
        container.register(.greeting) { Greeting("Now playing") }
        let greeting = ObservedService(.greeting, in: container)
        print(greeting.service?.text ?? "no greeting")
        #expect(greeting.service?.text == "Now playing")
    }
}

#if canImport(SwiftUI)
    import SwiftUI

    // The SwiftUI example of the "Observing changes" article, compiled where SwiftUI exists.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    struct GreetingBanner: View {
        let greeting: ObservedService<any GreetingInject>

        var body: some View {
            if let service = greeting.service {
                Text(service.text)
            } else {
                Text("No greeting")
            }
        }
    }
#endif
