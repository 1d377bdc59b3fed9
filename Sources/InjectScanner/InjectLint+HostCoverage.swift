/// Host coverage: a load whose ID only targets the host never registers provide.
///
/// A *host* is a target (not a test target) that registers another target of the package by
/// name: it calls `Feature.register(into:)`, or passes `Feature.register(into:)` as a function.
/// What a host links is itself and its target dependencies, transitively; what it registers
/// is itself, every target that a linked target registers by name, the provider types a
/// linked target registers by hand (`register(T.self)`, `contribute(T.self)`,
/// `regist(injectType: T.self)`), and the closure registrations of those targets and of linked
/// targets that no target registers by name (a kit's, whose code registers them).
///
/// Each load in a linked target (load sites; factory loads only in registered targets, whose
/// factories can run) whose ID some target provides, but no registered one, is reported at the
/// load's line, naming the providing targets:
/// - by `verify()`'s rule for the same site (``isRequired(_:)``): an error for a `require` or
///   a handle, since the package provides the ID and the host forgot to register it; a note
///   for an optional load (`load`, `@Injected`, an argument `load`, `load(.point)`,
///   `contributions(to:)`), which handles the absence;
/// - a note for an ID only targets outside the host's links provide while the host uses
///   `PluginLoader` (a plugin may provide it);
/// - nothing for an ID declared optional (`// inject-lint: optional`, `optional: true`).
///
/// `require(.point)` of an extension point is an error like any required load: one rule for
/// points, the same as `verify()`'s, where a `load` of a point without contributions is a note
/// and a `require` an error.
extension InjectLint {
    /// A target of the package and what a host registers through it.
    private struct HostScope {
        var host: Module
        var linked: Set<String>
        var registeredModules: Set<String>
        var registeredTypes: Set<String>
        var usesPlugins: Bool
        /// The targets some target registers by name: their closure registrations run only
        /// when they are registered.
        var entryModules: Set<String>
    }

    mutating func checkHostCoverage() {
        let names = Set(modules.map(\.name))
        let byName = Dictionary(appModules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var reported: Set<String> = []
        let entryModules = Set(
            appModules.flatMap { $0.facts.hostRegistrations.filter { $0.kind == .module }.map(\.name) })
        for host in appModules
        where host.facts.hostRegistrations.contains(where: {
            $0.kind == .module && names.contains($0.name) && $0.name != host.name
        }) {
            var scope = hostScope(of: host, names: names, byName: byName)
            scope.entryModules = entryModules
            for name in scope.linked.sorted() {
                guard let module = byName[name] else { continue }
                for use in module.facts.uses where use.kind == .load {
                    let isFactoryLoad = use.madeBy != nil || use.isInFactory
                    guard !isFactoryLoad || scope.registeredModules.contains(name) else { continue }
                    check(use, in: module, against: scope, reported: &reported)
                }
            }
        }
    }

    private func hostScope(of host: Module, names: Set<String>, byName: [String: Module]) -> HostScope {
        var linked: Set<String> = [host.name]
        var queue = [host.name]
        while let next = queue.popLast() {
            for dependency in byName[next]?.dependencies ?? [] where names.contains(dependency) {
                if linked.insert(dependency).inserted { queue.append(dependency) }
            }
        }
        var registeredModules: Set<String> = [host.name]
        var registeredTypes: Set<String> = []
        var usesPlugins = false
        for name in linked {
            guard let module = byName[name] else { continue }
            usesPlugins = usesPlugins || !module.facts.pluginLoaderUses.isEmpty
            for registration in module.facts.hostRegistrations {
                switch registration.kind {
                case .module: registeredModules.insert(registration.name)
                case .type: registeredTypes.insert(registration.name)
                }
            }
        }
        return HostScope(
            host: host, linked: linked, registeredModules: registeredModules,
            registeredTypes: registeredTypes,
            usesPlugins: usesPlugins, entryModules: [])
    }

    private func isRegistered(_ provision: LintReport.Provision, by scope: HostScope) -> Bool {
        guard let typeName = provision.typeName else {
            // A closure registration runs when its target is registered, or, in a target no
            // one registers by name (a kit, the host), when code the lint cannot follow calls it.
            return scope.registeredModules.contains(provision.module)
                || (scope.linked.contains(provision.module) && !scope.entryModules.contains(provision.module))
        }
        let shortName = String(typeName.split(separator: ".").last ?? "")
        return scope.registeredModules.contains(provision.module) || scope.registeredTypes.contains(typeName)
            || scope.registeredTypes.contains(shortName)
    }

    private mutating func check(
        _ use: IDUse, in module: Module, against scope: HostScope, reported: inout Set<String>
    ) {
        guard let id = resolve(use.reference), let providers = provisions[id], !providers.isEmpty,
            !providers.contains(where: { isRegistered($0, by: scope) })
        else { return }
        let declarations = declarationsByID[id] ?? []
        guard !declarations.contains(where: \.declaration.isOptional) else { return }
        let key = "\(use.location)\u{0}\(id)\u{0}\(scope.host.name)"
        guard reported.insert(key).inserted else { return }
        let providing = Set(providers.map(\.module)).sorted()
        let what = use.expression ?? "\(use.call ?? "load")(\(use.reference))"
        let host = scope.host.name
        if scope.usesPlugins, providing.allSatisfy({ !scope.linked.contains($0) }) {
            diagnose(
                .note, "plugin-provided-id",
                "\(module.name) loads '\(id)' (\(what)), which only \(providing.joined(separator: ", ")) provides; \(host) does not link it, so a plugin it loads must provide it",
                at: [use.location])
            return
        }
        let isPoint = declarations.contains(where: \.declaration.isExtensionPoint)
        // verify()'s rule: a `require` (or a handle) of a missing ID is an error, a `load` a note.
        let isOptional = !InjectLint.isRequired(use.call)
        let gets = isPoint ? "an empty list" : what.contains("default:") ? "its default" : "nil"
        let advice = providing.map { "\($0).register(into:)" }.joined(separator: " or ")
        diagnose(
            isOptional ? .note : .error, "unregistered-provider",
            isOptional
                ? "\(module.name) loads \(isPoint ? "extension point " : "optional ")'\(id)' (\(what)), whose \(isPoint ? "contributions" : "provider") only \(providing.joined(separator: ", ")) makes, which \(host) never registers: it gets \(gets); call \(advice) in \(host) if it should not"
                : "\(module.name) loads '\(id)' (\(what)), which only \(providing.joined(separator: ", ")) provides, and \(host) never registers it: \(isPoint ? "it has no contributions" : "the load finds nothing"); call \(advice) in \(host)",
            at: [use.location])
    }
}
