import DependencyContainer
import Foundation
import Testing

@Suite("Verifying the composition: load sites across threads and lifetimes", .tags(.concurrency, .lifetime))
struct LoadSiteConcurrencyTests {
    @Test("The sites do not keep their container alive")
    func lifetime() {
        weak var released: Container?
        do {
            let container = Container()
            container.addLoadSites([LoadSite(.load(.toast), file: "App/A.swift", line: 1, expression: "a")])
            _ = container.verify()
            released = container
        }
        #expect(released == nil)
    }

    @Test("Sites added from several threads while verify() runs are all recorded, once each")
    func concurrentAdds() async {
        let container = Container()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for line in 0..<200 {
                        // Every task adds the same 200 sites, and one of its own each time.
                        container.addLoadSites([
                            LoadSite(
                                .load(.toast), file: "App/Shared.swift", line: line, expression: "shared"),
                            LoadSite(
                                .load(.toast), file: "App/Task\(task).swift", line: line, expression: "own"),
                        ])
                        if line % 50 == 0 { _ = container.verify() }
                    }
                }
            }
        }
        #expect(container.verify().checkedSiteCount == 200 + 8 * 200)
    }
}
