import Testing

@testable import DependencyContainer

@Suite("notRegistered messages")
struct NotRegisteredMessageTests {
    /// A container with `Feature0InjectID` … `Feature29InjectID`.
    private func featureContainer() -> Container {
        let container = Container()
        for index in 0..<30 {
            container.register(InjectID<Int>("Feature\(index)InjectID")) { index }
        }
        return container
    }

    private func missError(_ name: String, in container: Container) -> ContainerError? {
        do {
            _ = try container.require(InjectID<Int>(name))
            return nil
        } catch {
            return error
        }
    }

    @Test("A miss lists the first few IDs in order, then how many more")
    func bounded() throws {
        let error = try #require(missError("Unrelated", in: featureContainer()))
        guard case .notRegistered(_, _, let ids) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(
            ids.listed == [
                "Feature0InjectID", "Feature10InjectID", "Feature11InjectID", "Feature12InjectID",
                "Feature13InjectID",
            ])
        #expect(ids.unlistedCount == 25)
        #expect(ids.nearMiss == nil)
        #expect(
            error.description
                == "No registration for ID 'Unrelated' (requested as `Int`); registered IDs: 'Feature0InjectID', "
                + "'Feature10InjectID', 'Feature11InjectID', 'Feature12InjectID', 'Feature13InjectID' and 25 more"
        )
    }

    @Test("A miss that differs only in case suggests the registered ID")
    func caseOnly() throws {
        let error = try #require(missError("Feature12InjectId", in: featureContainer()))
        #expect(error.description.hasSuffix("and 25 more; did you mean 'Feature12InjectID'?"))
    }

    @Test(
        "A miss an edit or two away suggests the closest registered ID",
        arguments: [
            ("Feature12InjektID", "Feature12InjectID"),  // one substitution
            ("Feature7InjectI", "Feature7InjectID"),  // one deletion
            ("Feature29InjectIDs", "Feature29InjectID"),  // one insertion
        ])
    func edits(requested: String, suggested: String) throws {
        let error = try #require(missError(requested, in: featureContainer()))
        guard case .notRegistered(_, _, let ids) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(ids.nearMiss == suggested)
    }

    @Test("Short or distant names get no suggestion")
    func noSuggestion() throws {
        let container = Container()
        container.register(InjectID<Int>("a")) { 1 }
        container.register(InjectID<Int>("PlayerInjectID")) { 1 }
        for name in ["b", "ToastInjectID", "PlayerServiceID"] {
            let error = try #require(missError(name, in: container))
            guard case .notRegistered(_, _, let ids) = error else {
                Issue.record("\(error)")
                continue
            }
            #expect(ids.nearMiss == nil, "\(name)")
        }
    }

    @Test("A child's miss counts its parent's IDs once, shadowed or not")
    func inherited() throws {
        let parent = Container()
        parent.register(InjectID<Int>("SharedInjectID")) { 1 }
        parent.register(InjectID<Int>("ParentInjectID")) { 1 }
        let child = Container(parent: parent)
        child.register(InjectID<Int>("SharedInjectID")) { 2 }
        child.register(InjectID<Int>("ChildInjectID")) { 2 }
        let error = try #require(missError("Missing", in: child))
        guard case .notRegistered(_, _, let ids) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(ids == ["ChildInjectID", "ParentInjectID", "SharedInjectID"])
    }

    @Test("The documented summary prints its IDs quoted")
    func documented() {
        let ids: RegisteredIDs = ["PlayerInjectID", "ToastInjectID"]
        print(ids)  // 'PlayerInjectID', 'ToastInjectID'
        #expect(ids.description == "'PlayerInjectID', 'ToastInjectID'")
    }

    @Test("The bounded distance gives up beyond its bound and ignores ASCII case")
    func distance() {
        let distance = { (a: String, b: String, bound: Int) in
            RegisteredIDs.Collector.boundedDistance(Array(a.utf8), Array(b.utf8), bound: bound)
        }
        #expect(distance("kitten", "sitting", 3) == 3)
        #expect(distance("kitten", "sitting", 2) == nil)
        #expect(distance("ABC", "abc", 0) == 0)
        #expect(distance("", "ab", 2) == 2)
        #expect(distance("", "abc", 2) == nil)
    }
}
