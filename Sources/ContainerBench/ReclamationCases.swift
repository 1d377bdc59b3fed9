import DependencyContainer
import Foundation
import Synchronization

/// What reclaiming old services costs the read side: loads racing a writer that resets
/// another named scope every millisecond, each reset retiring a service and so paying a
/// `membarrier` (Linux) or a fence, and invalidating every thread's cached snapshot.
extension BenchmarkSuite {
    /// Names of the reclamation cases, which are also the keys of samples.
    enum ReclamationCase {
        static let singletonUnderResets = "load singleton, a writer resetting another scope every ms"
    }

    /// The benchmark's fixture plus one service in a scope that the writer resets.
    func reclamationFixture() -> Container {
        let container = Container.benchmarkFixture(fillerCount: 3, fillerNames: Names.filler(3))
        container.register(.resetScoped, scope: .benchReset) { Node(tag: 12) }
        container.publishForReaders(registrationCount: 16)
        return container
    }

    /// The timed loops of the reclamation cases.
    func reclamationWorkloads(_ container: Container) -> [Workload] {
        let singleton = Sink.opaque(InjectID<any BenchService>.singleton)
        let resetScoped = Sink.opaque(InjectID<any BenchService>.resetScoped)
        return [
            Workload(ReclamationCase.singletonUnderResets) { n in
                // Per sample, so the other cases run without the writer.
                let writer = PeriodicWriter(interval: 0.001) {
                    // Something to retire: a reset of an empty scope frees nothing.
                    Sink.consume(Sink.identity(container.load(resetScoped)))
                    container.reset(scope: .benchReset)
                }
                defer { writer.stop() }
                var checksum = 0
                for _ in 0..<n { checksum &+= Sink.identity(container.load(singleton)) }
                return checksum
            }
        ]
    }
}

/// A thread that runs an action, then sleeps for an interval, until stopped.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
private final class PeriodicWriter: Sendable {
    /// Shared with the thread, which starts before the writer is fully initialized.
    private final class Control: Sendable {
        let stopped = Atomic<Bool>(false)
        let finished = DispatchSemaphore(value: 0)
    }

    private let control = Control()

    init(interval: TimeInterval, action: @escaping @Sendable () -> Void) {
        let control = self.control
        let thread = Thread {
            while !control.stopped.load(ordering: .acquiring) {
                action()
                Thread.sleep(forTimeInterval: interval)
            }
            control.finished.signal()
        }
        thread.start()
    }

    /// Stops the thread and waits for it to finish its current action.
    func stop() {
        control.stopped.store(true, ordering: .releasing)
        control.finished.wait()
    }
}

extension InjectID where Service == any BenchService {
    /// A service in the scope the reclamation case's writer resets.
    static var resetScoped: Self { InjectID("bench.resetScoped") }
}

extension Scope {
    /// The scope the reclamation case's writer resets.
    static let benchReset = Scope.named("bench.reset")
}
