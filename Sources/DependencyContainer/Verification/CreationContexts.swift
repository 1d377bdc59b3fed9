/// The creation contexts of one lookup order, for `verify()`: which places a factory running
/// in a context sees, and which context a load makes a service in.
///
/// A context is a place of the lookup order, nearest first, or ``loader``. The rule is the
/// engine's, `Container.runInOwnContext(_:thread:_:)`: a cached service (singleton, weak,
/// named scope) is made where its registration lives, so its factory's loads start there;
/// an uncached one (transient, graph) is made in the context of the load that asks for it.
struct CreationContexts {
    /// The context of a top-level load: the verified container with the task's overrides,
    /// which sees every place.
    static let loader = -1

    /// For each place, nearest first: `nil` for a container's own registrations, or, for an
    /// override scope, its position in the task's chain of scopes (0 for the innermost).
    private var overrideDepths: [Int?] = []
    /// Whether place 0 sees every place, which makes it the same context as ``loader``.
    private var firstPlaceSeesAll = true

    /// How many places the lookup order has so far.
    var count: Int { overrideDepths.count }

    /// Adds the next place of the lookup order.
    ///
    /// - Parameter overrideDepth: `nil` for a container's own registrations, or the override
    ///   scope's position in the task's chain of scopes, innermost first.
    mutating func append(overrideDepth: Int?) {
        overrideDepths.append(overrideDepth)
        if overrideDepths.count > 1, firstPlaceSeesAll {
            firstPlaceSeesAll = sees(overrideDepths.count - 1, from: 0)
        }
    }

    /// Whether a factory running in `context` sees the registrations at place `target`.
    ///
    /// A container's context (`Container.ownContext`: the container, without overrides) sees
    /// it and its ancestors; an override scope's (its target container, with the scope and
    /// those enclosing it) also sees those scopes, never one nested inside it or one of a
    /// nearer container. The loader sees everything.
    func sees(_ target: Int, from context: Int) -> Bool {
        guard context != Self.loader else { return true }
        guard target >= context else { return false }
        guard let targetDepth = overrideDepths[target] else { return true }
        guard let contextDepth = overrideDepths[context] else { return false }
        return targetDepth >= contextDepth
    }

    /// The context a load made in `context` makes the service of a registration at `place` in:
    /// the rule of `Container.runInOwnContext(_:thread:_:)`.
    ///
    /// A cached service is made at its own place; an uncached one where it is loaded. A place
    /// that sees everything is the ``loader`` context, so that a lookup order of one container
    /// without overrides has a single context.
    ///
    /// - Parameters:
    ///   - place: The registration's place.
    ///   - isShared: Whether its service is cached (singleton, weak, named scope).
    ///   - context: The context of the load.
    /// - Returns: The context its factory runs in.
    func context(ofRegistrationAt place: Int, isShared: Bool, loadedFrom context: Int) -> Int {
        guard isShared else { return context }
        return place == 0 && firstPlaceSeesAll ? Self.loader : place
    }
}
