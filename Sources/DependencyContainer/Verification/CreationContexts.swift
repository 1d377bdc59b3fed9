/// The creation contexts of one lookup order, for `verify()`: which places a factory running
/// in a context sees, and which context a load makes a service in.
///
/// A context is a place of the lookup order, nearest first, or ``loader``. The rule is the
/// engine's, called, not copied: a cached service (singleton, weak, named scope) is made in
/// ``LookupPlace/creationContext`` of its place, and what its factory sees is that context's
/// own lookup order; an uncached one (transient, graph) is made in the context of the load
/// that asks for it.
struct CreationContexts {
    /// The context of a top-level load: the verified container with the task's overrides,
    /// which sees every place.
    static let loader = -1

    /// For each place, nearest first, the places a factory running in its context sees:
    /// `visible[context][target]`.
    private let visible: [[Bool]]
    /// Whether place 0 sees every place, which makes it the same context as ``loader``.
    private let firstPlaceSeesAll: Bool

    /// The contexts of a lookup order, by the engine's own rule and walk: each place's context
    /// is ``LookupPlace/creationContext``, and it sees the places of that context's lookup
    /// order (`Container.walkLookupOrder(overrides:_:)`).
    ///
    /// - Parameter places: The verified container's lookup order, nearest first.
    /// - Complexity: O(*p*²) in the places, which are the containers and override scopes
    ///   between the verified container and its root: a handful.
    init(places: [LookupPlace]) {
        var indexes: [ObjectIdentifier: Int] = [:]
        for (index, place) in places.enumerated() { indexes[ObjectIdentifier(place.store)] = index }
        visible = places.map { place in
            var row = [Bool](repeating: false, count: places.count)
            let context = place.creationContext
            _ = context.container.walkLookupOrder(overrides: context.overrides) { seen in
                if let index = indexes[ObjectIdentifier(seen.store)] { row[index] = true }
                return .absent
            }
            return row
        }
        firstPlaceSeesAll = visible.first.map { !$0.contains(false) } ?? true
    }

    /// Whether a factory running in `context` sees the registrations at place `target`.
    func sees(_ target: Int, from context: Int) -> Bool {
        context == Self.loader || visible[context][target]
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
