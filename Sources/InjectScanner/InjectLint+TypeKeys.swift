/// Type keys (`.type(P.self)`, `InjectID(type: P.self)`), which need no declaration: a load of
/// one that no target provides, and a registration keyed by the implementation type where
/// loads ask for a protocol it conforms to.
extension InjectLint {
    /// Whether a missing provider is an error for a load made with `call`: `verify()`'s rule.
    ///
    /// `verify()` checks a site or a declared dependency as the generated entry spells it.
    /// `require`/`requireAsync` declare `.require`, `lazy`/`provider` a handle (required);
    /// `load`, `loadAsync`, `@Injected`, `@WeakInjected`, `contributions(to:)`, an argument
    /// `load` and the original `load(for:)` declare an optional `.load`, whose absence is a note.
    ///
    /// - Parameter call: The call as written (``IDUse/call``).
    /// - Returns: Whether a missing provider is an error.
    static func isRequired(_ call: String?) -> Bool {
        RegistrationGenerator.constructor(of: call ?? "load") != "load"
    }

    /// Reports each load of a type key that no target provides, at the load's line: an error
    /// when the load is required, a note when it is optional or a plugin may provide it.
    mutating func checkTypeKeyLoads() {
        let usesPlugins = appModules.contains { !$0.facts.pluginLoaderUses.isEmpty }
        for module in appModules {
            for use in module.facts.uses where use.kind == .load {
                let what = use.expression ?? "\(use.call ?? "load")(\(use.reference))"
                if case .contextTyped = use.reference {
                    diagnose(
                        .note, "unchecked-id",
                        "\(module.name) loads .typeKeyed (\(what)), whose type the context decides; inject-lint cannot check it: name the type with .type(P.self)",
                        at: [use.location])
                    continue
                }
                guard case .typeKeyed = use.reference, let id = resolve(use.reference),
                    (provisions[id] ?? []).isEmpty, declarationsByID[id] == nil
                else { continue }
                let isRequired = InjectLint.isRequired(use.call)
                let plugin = usesPlugins ? ", unless a plugin provides it" : ""
                diagnose(
                    isRequired && !usesPlugins ? .error : .note, "unprovided-id",
                    isRequired
                        ? "\(module.name) requires type key '\(id)' (\(what)), which no target provides: the load fails\(plugin); register it as \(TypeKeyName.spelling(of: id))"
                        : "\(module.name) loads optional type key '\(id)' (\(what)), which no target provides: it gets nil\(plugin); register it as \(TypeKeyName.spelling(of: id)) if it should not",
                    at: [use.location])
            }
        }
    }

    /// Reports a registration keyed by a concrete type `X` while loads ask for `any P`, which
    /// nothing provides and `X` conforms to (as the scanned declarations say, through
    /// superclasses and inherited protocols): the registration a Swinject-style factory
    /// (`let s = Impl(); return s`) keyed by what it returns.
    mutating func checkImplementationTypeKeys() {
        var wanted: [String: [SourceLocation]] = [:]
        for module in appModules {
            for use in module.facts.uses where use.kind == .load {
                guard isTypeKey(use.reference), let id = resolve(use.reference), id.hasPrefix("any "),
                    !id.contains("&"), (provisions[id] ?? []).isEmpty
                else { continue }
                wanted[String(id.dropFirst(4)), default: []].append(use.location)
            }
        }
        guard !wanted.isEmpty else { return }
        var inherits: [String: Set<String>] = [:]
        for declaration in appModules.flatMap(\.facts.typeDeclarations) {
            inherits[InjectLint.lastComponent(declaration.name), default: []].formUnion(
                declaration.inherited.map(InjectLint.lastComponent))
        }
        for id in typeKeyIDs.sorted() where !id.hasPrefix("any ") {
            var conformed: Set<String> = []
            var queue = [String(id.prefix { $0 != "<" })]
            while let next = queue.popLast() {
                for parent in inherits[next] ?? [] where conformed.insert(parent).inserted {
                    queue.append(parent)
                }
            }
            for wantedProtocol in wanted.keys.sorted() where conformed.contains(wantedProtocol) {
                let loads = (wanted[wantedProtocol] ?? []).sorted()
                for provision in provisions[id] ?? [] {
                    diagnose(
                        .error, "implementation-type-key",
                        "\(provision.typeName ?? "a closure registration") in \(provision.module) is registered under its implementation type '\(id)'; loads ask for 'any \(wantedProtocol)', which it conforms to: register it as .type(\(wantedProtocol).self)",
                        at: [provision.location] + loads.prefix(3))
                }
            }
        }
    }

    /// Whether `reference` names a type key: `.type(P.self)`, or a member declared as one.
    func isTypeKey(_ reference: IDReference) -> Bool {
        switch reference {
        case .typeKeyed: return true
        case .member:
            return resolve(reference).map { id in
                (declarationsByID[id] ?? []).contains {
                    if case .typeKeyed = $0.declaration.value { return true }
                    return false
                }
            } ?? false
        default: return false
        }
    }

    /// `Inner` for `Outer.Inner`, `Module.Type` or `Inner`.
    static func lastComponent(_ name: String) -> String {
        String(name.split(separator: ".").last ?? Substring(name))
    }
}
