import DependencyContainer
import Testing

@Suite("ContainerError")
struct ContainerErrorTests {
    @Test("Every case names its ID")
    func ids() {
        let errors: [ContainerError] = [
            .notRegistered(id: "a", requestedType: "Int", registeredIDs: []),
            .typeMismatch(id: "a", requestedType: "Int", actualType: "String"),
            .cycle(path: ["a", "b", "a"]),
            .factoryFailed(id: "a", underlying: ToastFailure()),
            .invalidID("a", reason: "test"),
            .containerReleased(id: "a", requestedType: "Int"),
        ]
        #expect(errors.map(\.id) == ["a", "a", "a", "a", "a", "a"])
        #expect(errors.allSatisfy { $0.description.contains("'a'") })
    }

    @Test("An empty registry is described as such")
    func emptyRegistry() {
        let error = ContainerError.notRegistered(id: "x", requestedType: "Int", registeredIDs: [])
        #expect(error.description == "No registration for ID 'x' (requested as `Int`); nothing is registered")
    }

    @Test("The article matches the type name")
    func articles() {
        let concrete = ContainerError.typeMismatch(id: "x", requestedType: "Int", actualType: "String")
        #expect(concrete.description == "ID 'x' is registered, but its value String is not an `Int`")
        let named = ContainerError.typeMismatch(id: "x", requestedType: "String", actualType: "Int")
        #expect(named.description == "ID 'x' is registered, but its value Int is not a `String`")
    }
}
