import Testing

@testable import DependencyContainer

private protocol Named {}
private protocol Shared: AnyObject {}
private struct Plain: Named {}
private final class Object: Shared {}
private struct Protocol {}

@Suite("Type names")
struct TypeNameTests {
    @Test("Existentials are spelled with any, concrete types without")
    func existentials() {
        #expect(typeName((any Named).self).hasPrefix("any "))
        #expect(typeName((any Shared).self).hasPrefix("any "))
        #expect(typeName((any Named & Shared).self).hasPrefix("any "))
        #expect(typeName(Any.self) == "Any")
        #expect(typeName(AnyObject.self) == "AnyObject")
        for concrete: Any.Type in [Plain.self, Object.self, Protocol.self, Int.self, [any Named].self] {
            #expect(!typeName(concrete).hasPrefix("any "), "\(concrete)")
        }
    }
}
