import DependencyContainer
import Foundation

/// SplitMix64 (Steele, Lea and Flood, 2014): a tiny generator whose sequence depends only on
/// its seed, so a printed seed replays a randomized test exactly.
///
/// The standard library's `Int.random(in:using:)` does not promise a stable algorithm across
/// releases, so tests draw through ``int(below:)`` and ``pick(_:)`` instead.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`, by multiply-and-shift (Lemire): no division, no bias that matters.
    mutating func int(below bound: Int) -> Int {
        precondition(bound > 0)
        return Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[int(below: elements.count)]
    }

    /// Whether an event of probability `percent`/100 happens.
    mutating func chance(_ percent: Int) -> Bool {
        int(below: 100) < percent
    }
}

/// An integer from the environment, for scaling randomized and stress tests from CI.
func environmentInteger(_ name: String) -> Int? {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
}

/// Runs `body` on `count` new threads at once and returns when all have exited.
///
/// Real threads, rather than `DispatchQueue.concurrentPerform`, whose width is the number of
/// cores: on a two-core machine it would run only two workers at a time. Every thread waits at
/// a gate until all have started, so their work overlaps as much as possible. The threads are
/// joined, so their thread-local state, including cached snapshots, is gone on return.
func runOnThreads(_ count: Int, _ body: @escaping @Sendable (_ index: Int) -> Void) {
    let gate = StartGate(count: count)
    let threads = (0..<count).map { index in
        spawnThread {
            gate.arrive()
            body(index)
        }
    }
    for thread in threads {
        pthread_join(thread, nil)
    }
}

/// Starts a new thread that runs `body`; join or detach it with the returned handle.
///
/// - Parameter stackSize: The thread's stack in bytes, or `nil` for the system's default.
func spawnThread(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> pthread_t {
    var attributes = pthread_attr_t()
    precondition(pthread_attr_init(&attributes) == 0, "pthread_attr_init failed")
    defer { pthread_attr_destroy(&attributes) }
    if let stackSize {
        precondition(
            pthread_attr_setstacksize(&attributes, stackSize) == 0, "stack size \(stackSize) refused")
    }
    var thread = pthread_t()
    let status = pthread_create(
        &thread, &attributes,
        { context in
            guard let context else { return nil }
            Unmanaged<ThreadWork>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, Unmanaged.passRetained(ThreadWork(body)).toOpaque())
    precondition(status == 0, "pthread_create failed: \(status)")
    return thread
}

/// What a thread of ``spawnThread(_:)`` runs.
private final class ThreadWork {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
        self.run = run
    }
}

/// Holds threads back until all of them have arrived.
private final class StartGate: Sendable {
    private let arrived = AtomicCounter(0)
    private let count: Int

    init(count: Int) {
        self.count = count
    }

    func arrive() {
        arrived.add(1)
        while arrived.load() < UInt64(count) { sched_yield() }
    }
}
