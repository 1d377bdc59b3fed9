// Checks that no feature target depends on another feature target, directly or through other
// targets, reading the target graph from `swift package describe --type json` on stdin.
// A feature is a target whose name ends in "Feature"; each may depend only on the interface
// module and the container.
//
// Usage: swift package describe --type json | swift .ci/check-feature-graph.swift
import Foundation

let allowedDependencies: Set<String> = ["DCExampleAppInterfaces", "DependencyContainer"]
let requiredFeatures = ["DCExampleToastFeature", "DCExamplePlayerFeature"]

let input = FileHandle.standardInput.readDataToEndOfFile()
guard let package = try? JSONSerialization.jsonObject(with: input) as? [String: Any],
    let targets = package["targets"] as? [[String: Any]]
else {
    print("feature graph: could not read the package description")
    exit(1)
}

// Build-tool plugins (RegistrationPlugin) run at build time and link nothing into a feature,
// so they are not dependencies here.
let plugins = Set(targets.filter { $0["type"] as? String == "plugin" }.compactMap { $0["name"] as? String })
var dependencies: [String: [String]] = [:]
for target in targets {
    guard let name = target["name"] as? String else { continue }
    dependencies[name] = (target["target_dependencies"] as? [String] ?? []).filter { !plugins.contains($0) }
}

func reachable(from name: String) -> Set<String> {
    var seen: Set<String> = []
    var pending = dependencies[name] ?? []
    while let next = pending.popLast() {
        if seen.insert(next).inserted { pending += dependencies[next] ?? [] }
    }
    return seen
}

let features = dependencies.keys.filter { $0.hasSuffix("Feature") }.sorted()
var failures: [String] = []
for name in requiredFeatures where !features.contains(name) {
    failures.append("\(name) is missing from the package")
}
for feature in features {
    let direct = Set(dependencies[feature] ?? [])
    if !direct.isSubset(of: allowedDependencies) {
        failures.append("\(feature) depends on \(direct.subtracting(allowedDependencies).sorted()); only \(allowedDependencies.sorted()) are allowed")
    }
    let otherFeatures = reachable(from: feature).filter { $0.hasSuffix("Feature") }
    if !otherFeatures.isEmpty {
        failures.append("\(feature) reaches other features: \(otherFeatures.sorted())")
    }
    print("\(feature) → \(direct.sorted().joined(separator: ", "))")
}
for failure in failures { print("feature graph: \(failure)") }
print(failures.isEmpty ? "feature graph: ok, \(features.count) features independent" : "feature graph: \(failures.count) problems")
exit(failures.isEmpty ? 0 : 1)
