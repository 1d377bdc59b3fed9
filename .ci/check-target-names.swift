// Checks that every target of the package has a name no app would use. SwiftPM requires target
// names to be unique across the whole package graph, so each target here, tests and tools
// included, takes its name away from every client; `.ci/everyday-client` proves a few common
// names are free, this keeps a new target from taking another (`Benchmarks`, `Fixtures`…).
// Reads the target list from `swift package describe --type json` on stdin.
//
// Usage: swift package describe --type json | swift .ci/check-target-names.swift
import Foundation

/// Prefixes of the library targets, tools, benchmark and tests, and of the example app.
let prefixes = ["DependencyContainer", "DCExample"]
/// Plugins keep the names clients apply them by; the plugins' tool must be named like its product.
let exceptions: Set<String> = ["RegistrationPlugin", "InjectLintPlugin", "inject-scan"]

let input = FileHandle.standardInput.readDataToEndOfFile()
guard let package = try? JSONSerialization.jsonObject(with: input) as? [String: Any],
    let targets = package["targets"] as? [[String: Any]]
else {
    print("target names: could not read the package description")
    exit(1)
}

let names = targets.compactMap { $0["name"] as? String }.sorted()
let plain = names.filter { name in
    !exceptions.contains(name) && !prefixes.contains { name.hasPrefix($0) }
}
for name in plain {
    print(
        "target names: '\(name)' may clash with a client's target; start it with \(prefixes.joined(separator: " or "))"
    )
}
print(plain.isEmpty ? "target names: ok, \(names.count) targets" : "target names: \(plain.count) to rename")
exit(plain.isEmpty ? 0 : 1)
