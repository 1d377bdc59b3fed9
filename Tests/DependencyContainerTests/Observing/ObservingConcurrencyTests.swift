import DependencyContainer
import Testing

@Suite("Observers under concurrent writes", .tags(.concurrency))
struct ObservingConcurrencyTests {
    /// Each change must start from the registration the previous one ended with.
    private func expectChained(_ changes: [RegistrationChange], _ label: String) {
        var last: RegistrationInfo? = nil
        for (index, change) in changes.enumerated() {
            switch change {
            case .current(let info):
                #expect(index == 0, "\(label): current after the first event")
                last = info
            case .added(let info):
                #expect(last == nil, "\(label) #\(index): added over \(String(describing: last))")
                last = info
            case .replaced(let previous, let replacement):
                #expect(
                    previous == last,
                    "\(label) #\(index): replaced \(previous), last was \(String(describing: last))")
                last = replacement
            case .removed(let info):
                #expect(
                    info == last, "\(label) #\(index): removed \(info), last was \(String(describing: last))")
                last = nil
            case .reset(let info):
                #expect(
                    info == last, "\(label) #\(index): reset \(info), last was \(String(describing: last))")
                last = info
            }
        }
    }

    @Test(
        "4 threads writing one ID: no change lost, each observer's changes in order, handlers that write do not deadlock"
    )
    func fourWriters() {
        let iterations = 200
        let parent = Container()
        let child = Container(parent: parent)
        let direct = ChangeLog<RegistrationChange>()
        let inherited = ChangeLog<RegistrationChange>()
        let writes = ChangeLog<Int>()
        let removals = ChangeLog<Int>()
        let tokens = [
            parent.observe(.toast) { direct.append($0) },
            child.observe(.toast) { inherited.append($0) },
            // A handler that writes, on whichever writer thread drains.
            parent.observe(.toast) { _ in
                parent.register(.player) { StubPlayer() }
                writes.append(1)
            },
        ]
        let files: [StaticString] = ["Thread0.swift", "Thread1.swift", "Thread2.swift", "Thread3.swift"]
        runOnThreads(4) { thread in
            for iteration in 0..<iterations {
                parent.register(.toast, file: files[thread], line: UInt(iteration)) { RecordingToast() }
                // Another thread may have unregistered it first: then nothing changes.
                if iteration % 3 == 2, parent.unregister(.toast) { removals.append(1) }
            }
        }
        let total = 4 * iterations + removals.count
        for (label, log) in [("parent", direct), ("child", inherited)] {
            let changes = log.all
            #expect(changes.count == 1 + total, "\(label): lost or extra changes")
            expectChained(changes, label)
            // Each thread's registrations arrive in the order it made them.
            for thread in 0..<4 {
                let file = "closure at Thread\(thread).swift:"
                let registered = changes.compactMap { change -> Int? in
                    guard let provider = change.registration?.provider, provider.hasPrefix(file) else {
                        return nil
                    }
                    switch change {
                    case .added, .replaced: return Int(provider.dropFirst(file.count))
                    default: return nil
                    }
                }
                #expect(registered == Array(0..<iterations), "\(label): thread \(thread)'s order")
            }
            // The last change ends where the container is.
            let final = parent.registrations.first { $0.id == "ToastInjectID" }
            #expect(changes.last?.registration?.provider == final?.provider, "\(label): final state")
        }
        #expect(writes.count == 1 + total)
        #expect(parent.load(.player) != nil)
        withExtendedLifetime(tokens) {}
    }
}
