import DependencyContainerKernel

/// One `withOverrides` call: the container it overrides, the replacements, and the scope
/// it is nested in.
final class OverrideScope: Sendable {
    /// The innermost override scope of the current task.
    @TaskLocal static var innermost: OverrideScope?

    /// The container whose registrations the scope replaces, held weakly: a kept resolver
    /// holds its scopes, and must not keep their containers alive through them.
    var target: Container? { targetReference.container }
    private let targetReference: ContainerReference
    let replacements: Container
    let enclosing: OverrideScope?

    init(target: Container, configure: (Container) -> Void) {
        self.targetReference = target.reference
        self.replacements = Container(parent: nil, autoRegisters: false)
        self.enclosing = Self.innermost
        configure(replacements)
    }

    /// A scope in which every shared service `target`'s loads reach is made afresh: its
    /// replacements are fresh copies of every registration that caches services on the
    /// lookup order (the enclosing scopes' too), then what `configure` registers.
    ///
    /// The copies are default registrations of the replacements: each is the registration
    /// that answers for the contexts active now, whichever container it came from.
    init(isolating target: Container, configure: (Container) -> Void) {
        self.targetReference = target.reference
        self.replacements = Container(parent: nil, autoRegisters: false)
        self.enclosing = Self.innermost
        var seen = Set<String>()
        var copies: [Registration] = []
        _ = target.walkLookupOrder(overrides: enclosing) { place in
            let entries = place.store.read { Array($0.values) }
            for registration in entries where seen.insert(registration.id).inserted {
                if registration.isShared || registration.contributions != nil {
                    // Each answers for every context: it is the one that answers now.
                    var settings = registration.settings
                    settings.context = nil
                    copies.append(Registration(copying: registration, settings: settings))
                }
            }
            return .absent
        }
        replacements.store.modify { entries in
            for copy in copies { entries.updateValue(copy) }
        }
        configure(replacements)
    }

    /// Whether `registration` is a shared service's that this scope caches: its service
    /// is held by the scope, so its resolver must not hold the scope back.
    func caches(_ registration: Registration) -> Bool {
        registration.isShared && replacements.store.holds(registration)
    }

    /// Runs `operation` with `scopes` (innermost first) as the task's override scopes.
    ///
    /// The one place the process-wide count of active scopes changes: while it is above zero,
    /// loads leave their lock-free path to consult the task's scopes.
    ///
    /// - Parameters:
    ///   - scopes: The scopes, or `nil` for none.
    ///   - operation: The code that sees them.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    static func binding<Result, Failure: Error>(
        _ scopes: OverrideScope?, _ operation: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if scopes != nil { GlobalAtomicWord.activeOverrideScopes.add(1) }
        defer { if scopes != nil { GlobalAtomicWord.activeOverrideScopes.add(0 &- 1) } }
        return try $innermost.withValue(scopes) {
            Swift.Result { () throws(Failure) -> Result in try operation() }
        }.get()
    }

    /// The async counterpart of `binding(_:_:)`.
    ///
    /// - Parameters:
    ///   - scopes: The scopes, or `nil` for none.
    ///   - isolation: The actor `operation` runs on; inferred from the caller.
    ///   - operation: The code that sees them.
    /// - Returns: What `operation` returns.
    /// - Throws: What `operation` throws.
    static func binding<Result, Failure: Error>(
        _ scopes: OverrideScope?, isolation: isolated (any Actor)? = #isolation,
        _ operation: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        if scopes != nil { GlobalAtomicWord.activeOverrideScopes.add(1) }
        defer { if scopes != nil { GlobalAtomicWord.activeOverrideScopes.add(0 &- 1) } }
        let result = await $innermost.withValue(
            scopes,
            operation: { () async -> Swift.Result<Result, Failure> in
                do throws(Failure) {
                    return .success(try await operation())
                } catch {
                    return .failure(error)
                }
            }, isolation: isolation)
        return try result.get()
    }

    /// Whether any task in the process has overrides.
    @inline(__always)
    static var isAnyActive: Bool {
        GlobalAtomicWord.activeOverrideScopes.loadRelaxed() > 0
    }

    /// The override scopes of the current task, innermost first, or `nil` when there are none.
    @inline(__always)
    static var current: OverrideScope? {
        isAnyActive ? innermost : nil
    }
}
