import DependencyContainer
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One link of a chain of services, each made by a factory that loads the next.
private final class Link: Sendable {
    let next: Link?
    init(next: Link?) { self.next = next }

    /// How many links follow this one.
    var length: Int {
        var count = 0
        var link = next
        while let current = link {
            count += 1
            link = current.next
        }
        return count
    }
}

@Suite("Deep factory chains fail with an error, not a stack overflow", .tags(.concurrency))
struct StackDepthTests {
    /// The stack of a secondary thread on Apple platforms.
    private static let secondaryThreadStack = 512 * 1024

    /// A container where `chain[i]`'s factory loads `chain[i + 1]`, and the last is a leaf.
    private static func makeChain(length: Int, scope: Scope) -> (Container, [InjectID<Link>]) {
        let container = Container()
        let prefix = "StackDepth\(scope)-\(UInt.random(in: 0...UInt.max))-"
        let ids = (0..<length).map { InjectID<Link>("\(prefix)\($0)") }
        for index in ids.indices {
            let next = index + 1 < ids.count ? ids[index + 1] : nil
            container.register(ids[index], scope: scope) { resolver in
                Link(next: next.flatMap { resolver.load($0) })
            }
        }
        return (container, ids)
    }

    /// Runs `body` on a new thread with a 512 KB stack and waits for it.
    private static func onSmallStack<Result: Sendable>(_ body: @escaping @Sendable () -> Result) -> Result {
        let result = LockedValue<Result?>(nil)
        let thread = spawnThread(stackSize: secondaryThreadStack) {
            let value = body()
            result.withLock { $0 = value }
        }
        pthread_join(thread, nil)
        guard let value = result.withLock({ $0 }) else { preconditionFailure("the thread set no result") }
        return value
    }

    @Test(
        "A 10,000-deep chain on a 512 KB thread fails with resolutionTooDeep",
        arguments: [Scope.transient, .singleton])
    func deepChainFails(scope: Scope) {
        let (container, ids) = Self.makeChain(length: 10_000, scope: scope)
        let log = EventLog()
        container.setDiagnosticsHandler(log.handler)
        let (loaded, thrown) = Self.onSmallStack { () -> (Bool, String?) in
            let loaded = container.load(ids[0]) != nil
            do {
                _ = try container.require(ids[0])
                return (loaded, nil)
            } catch {
                return (loaded, "\(error)")
            }
        }
        #expect(!loaded, "the whole load fails, not only the innermost link")
        let failures = log.all.compactMap { event -> ContainerError? in
            if case .failed(let error) = event { return error }
            return nil
        }
        #expect(failures.count == 1, "reported once, by the top-level load: \(log.descriptions.prefix(3))")
        guard case .resolutionTooDeep(let id, let depth, let innermostID)? = failures.first else {
            Issue.record("expected resolutionTooDeep, got \(log.descriptions.prefix(3))")
            return
        }
        #expect(id == ids[0].name, "the error names the chain's head")
        #expect(depth > 1 && depth < 10_000)
        #expect(innermostID == ids[depth - 1].name)
        #expect(
            thrown?.contains(ids[0].name) == true && thrown?.contains("stack") == true, "\(thrown ?? "nil")")
    }

    @Test("Nothing made during a failed deep load is kept")
    func nothingCachedFromFailedLoad() {
        let (container, ids) = Self.makeChain(length: 10_000, scope: .singleton)
        let made = LockedValue<[String: Int]>([:])
        let counted = InjectID<Link>("StackDepthCounted-\(UInt.random(in: 0...UInt.max))")
        // Every factory counts its runs: a kept singleton's factory would not run again.
        for index in ids.indices.dropLast() {
            let (id, next) = (ids[index], ids[index + 1])
            container.register(id, scope: .singleton) { resolver in
                made.withLock { $0[id.name, default: 0] += 1 }
                return Link(next: resolver.load(next))
            }
        }
        container.register(counted, scope: .singleton) { resolver in Link(next: resolver.load(ids[0])) }
        let depths = Self.onSmallStack { () -> [Int] in
            (0..<2).map { _ in
                do throws(ContainerError) {
                    _ = try container.require(counted)
                    return 0
                } catch {
                    guard case .resolutionTooDeep(_, let depth, _) = error else { return 0 }
                    return depth
                }
            }
        }
        #expect(depths[0] > 2 && depths[0] == depths[1], "both loads fail at the same depth: \(depths)")
        let runs = made.withLock { $0 }
        // The links just above the innermost were made without their next and must not be kept.
        let innermostMade = ids[depths[0] - 3].name
        #expect(runs[ids[0].name] == 2 && runs[innermostMade] == 2, "\(runs[ids[0].name] ?? 0)")
    }

    @Test("A shallow chain on the same small stack loads whole")
    func shallowChainLoads() {
        let (container, ids) = Self.makeChain(length: 20, scope: .transient)
        let length = Self.onSmallStack { container.load(ids[0])?.length }
        #expect(length == 19)
    }
}
