// Checks that a singleton load from a client module looks up no type metadata per load.
//
// `Container.load(_:)` is generic and not inlinable, so in a client module it runs
// unspecialized: every generic type its code touches (a `Service?` returned through a closure, a
// `Result<Service, _>`, a generic enum passed to `_withUnsafeGuaranteedRef`) costs each load a
// call into the runtime's metadata cache, a hash lookup of a few hundred instructions. The core
// is written to touch none on a singleton's path; this check keeps it that way.
//
// Input: callgrind outputs of `container-bench --specialization-probe CASE LOADS`, collected
// only inside the probe's loop (`.ci/run specialization` runs them), two numbers of loads per
// case. The case and the loads are read from each file's `cmd:` line. Everything the loads do
// once (the first lookup of a type, setup outside the loop) is the same in both runs, so the
// difference between them is exactly what the extra loads cost: a lookup whose count grows
// with the loads fails the check, with the caller that made it.
//
// Lookups are the runtime's entry points that hash or demangle to find a type or a conformance
// (`lookupPrefixes`). Calls to a metadata accessor (`$s…Ma`) or to a module's
// `__swift_instantiateConcreteTypeFromMangledName` read a cached pointer once the type is known;
// they are reported, not failed: a generic type's accessor reaches a lookup, which fails.
//
// It also counts the reference counting the library's own code does per load (retains and
// releases called from DependencyContainer's functions): the singleton path is written to borrow
// what it reads, and the optimizer keeps it so only while nothing makes it lose track of an
// owner. `--reference-counting CASE=N` fails a case that does more than N per load.
//
// Usage: swift .ci/check-specialization.swift [--reference-counting CASE=N]... FILE...
import Foundation

/// Runtime functions that look a type, its metadata or a conformance up; matched as prefixes.
let lookupPrefixes = [
    "swift_getGenericMetadata", "_swift_getGenericMetadata",
    "swift_getCanonicalPrespecializedGenericMetadata",
    "swift_getCanonicalSpecializedMetadata", "swift_getTypeByMangledName", "swift_getTypeByMangledNode",
    "swift_getExistentialTypeMetadata", "swift_getExtendedExistentialTypeMetadata",
    "swift_getFunctionTypeMetadata", "swift_getTupleTypeMetadata", "swift_getMetatypeMetadata",
    "swift_getExistentialMetatypeMetadata", "swift_getOpaqueTypeMetadata", "swift_checkMetadataState",
    "swift_getWitnessTable", "swift_getAssociatedTypeWitness", "swift_getAssociatedConformanceWitness",
    "swift_conformsToProtocol", "swift_dynamicCast",
]
/// The module's mangled prefix: the probe's calls into it are the entry points it measures.
let libraryPrefix = "$s19DependencyContainer"
/// Part of the probe loop's mangled name (`SpecializationProbe.loop`).
let probeLoop = "SpecializationProbeO4loop"

func isLookup(_ name: String) -> Bool { lookupPrefixes.contains { name.hasPrefix($0) } }

/// Runtime functions that change a reference count; matched as prefixes.
let referenceCountingPrefixes = [
    "swift_retain", "swift_release", "swift_bridgeObjectRetain", "swift_bridgeObjectRelease",
    "swift_unknownObjectRetain", "swift_unknownObjectRelease", "swift_nonatomic_retain",
    "swift_nonatomic_release",
]

func isReferenceCounting(_ name: String) -> Bool { referenceCountingPrefixes.contains { name.hasPrefix($0) } }

/// A metadata accessor or a mangled-name cache: a cached read, except on a type's first use.
func isAccessor(_ name: String) -> Bool {
    (name.hasPrefix("$s") && name.hasSuffix("Ma")) || name.hasPrefix("__swift_instantiate")
}

/// A name to print: a C++ runtime function without its parameter list.
func short(_ name: String) -> String {
    name.hasPrefix("$s") ? name : String(name.prefix { $0 != "(" })
}

func fail(_ message: String) -> Never {
    print("check-specialization: \(message)")
    exit(1)
}

/// One callgrind output: the probe's case and loads, the instructions collected, and the number
/// of calls along each caller → callee edge.
struct Profile {
    var probeCase = ""
    var loads = 0
    var instructions = 0
    var calls: [Edge: Int] = [:]

    struct Edge: Hashable {
        let caller: String
        let callee: String
    }

    init(path: String) {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            fail("cannot read \(path)")
        }
        // Names are compressed: `fn=(12) name` the first time, `fn=(12)` after; fn and cfn share ids.
        var names: [Substring: Substring] = [:]
        var function: Substring = ""
        var callee: Substring = ""
        func name(_ field: Substring) -> Substring {
            guard field.hasPrefix("("), let close = field.firstIndex(of: ")") else { return field }
            let id = field[...close]
            let rest = field[field.index(after: close)...].drop { $0 == " " }
            if !rest.isEmpty { names[id] = rest }
            return names[id] ?? id
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix("fn=") {
                function = name(line.dropFirst(3))
            } else if line.hasPrefix("cfn=") {
                callee = name(line.dropFirst(4))
            } else if line.hasPrefix("calls=") {
                let count = Int(line.dropFirst(6).prefix { $0 != " " }) ?? 0
                calls[Edge(caller: String(function), callee: String(callee)), default: 0] += count
            } else if line.hasPrefix("totals:") || line.hasPrefix("summary:") {
                instructions = Int(line.split(separator: " ").last ?? "") ?? 0
            } else if line.hasPrefix("cmd:") {
                let words = line.split(separator: " ")
                guard let flag = words.firstIndex(of: "--specialization-probe"), words.count == flag + 3,
                    let loads = Int(words[flag + 2])
                else { fail("\(path) is not a run of container-bench --specialization-probe CASE LOADS") }
                probeCase = String(words[flag + 1])
                self.loads = loads
            }
        }
        if probeCase.isEmpty { fail("\(path) has no cmd: line; is it a callgrind output?") }
    }
}

/// Mangled Swift names made readable by swift-demangle, when it is on PATH.
func demangled(_ names: [String]) -> [String: String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift-demangle", "--simplified", "--compact"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return [:] }
    input.fileHandleForWriting.write(Data(names.joined(separator: "\n").utf8 + [10]))
    try? input.fileHandleForWriting.close()
    let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .split(separator: "\n", omittingEmptySubsequences: false)
    process.waitUntilExit()
    guard process.terminationStatus == 0, lines.count >= names.count else { return [:] }
    return Dictionary(uniqueKeysWithValues: zip(names, lines.prefix(names.count).map(String.init)))
}

var paths: [String] = []
/// The most retains and releases the library may do per load, by case.
var referenceCountingBudgets: [String: Double] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    guard argument == "--reference-counting" else {
        paths.append(argument)
        continue
    }
    guard let budget = arguments.popFirst(), let equals = budget.firstIndex(of: "="),
        let count = Double(budget[budget.index(after: equals)...])
    else { fail("--reference-counting takes CASE=N") }
    referenceCountingBudgets[String(budget[..<equals])] = count
}
guard !paths.isEmpty else {
    fail("usage: swift .ci/check-specialization.swift [--reference-counting CASE=N]... CALLGRIND-OUTPUT...")
}
var profilesByCase: [String: [Profile]] = [:]
for path in paths {
    let profile = Profile(path: path)
    profilesByCase[profile.probeCase, default: []].append(profile)
}

var failures = 0
for (probeCase, profiles) in profilesByCase.sorted(by: { $0.key < $1.key }) {
    let sorted = profiles.sorted { $0.loads < $1.loads }
    guard sorted.count == 2, sorted[0].loads < sorted[1].loads else {
        fail("\(probeCase): needs runs at two numbers of loads, got \(profiles.map(\.loads))")
    }
    let (fewer, more) = (sorted[0], sorted[1])
    let extraLoads = more.loads - fewer.loads
    guard fewer.instructions > 0, more.instructions > fewer.instructions else {
        fail(
            "\(probeCase): callgrind collected nothing in the probe's loop; was it run with --toggle-collect on it?"
        )
    }
    // What the extra loads cost, per edge.
    var grown: [(edge: Profile.Edge, perLoad: Double)] = []
    for (edge, count) in more.calls {
        let delta = count - (fewer.calls[edge] ?? 0)
        if delta != 0 { grown.append((edge, Double(delta) / Double(extraLoads))) }
    }
    grown.sort { ($0.perLoad, $1.edge.callee) > ($1.perLoad, $0.edge.callee) }
    let perLoad = Double(more.instructions - fewer.instructions) / Double(extraLoads)
    // What the loop calls in the library: a generic entry point called here runs unspecialized.
    let entries = grown.filter {
        $0.edge.caller.contains(probeLoop) && $0.edge.callee.hasPrefix(libraryPrefix)
    }
    let entryNames = demangled(entries.map(\.edge.callee))
    print(
        "\(probeCase): \(String(format: "%.1f", perLoad)) instructions per load (\(fewer.loads) and \(more.loads) loads)"
    )
    print(
        "  calls into DependencyContainer per load: "
            + (entries.isEmpty
                ? "none (inlined into the client)"
                : entries.map {
                    "\(entryNames[$0.edge.callee] ?? $0.edge.callee) ×\(String(format: "%g", $0.perLoad))"
                }
                .joined(separator: ", ")))
    let accessors = grown.filter { isAccessor($0.edge.callee) }
    let lookups = grown.filter { isLookup($0.edge.callee) }
    // Per callee, whoever calls it.
    let format = { (items: [(edge: Profile.Edge, perLoad: Double)]) in
        Dictionary(items.map { ($0.edge.callee, $0.perLoad) }, uniquingKeysWith: +).sorted { $0.key < $1.key }
            .map { "\(short($0.key)) ×\(String(format: "%g", $0.value))" }.joined(separator: ", ")
    }
    print("  cached type reads per load: " + (accessors.isEmpty ? "none" : format(accessors)))
    let counting = grown.filter {
        isReferenceCounting($0.edge.callee) && $0.edge.caller.hasPrefix(libraryPrefix)
    }
    let countingPerLoad = counting.reduce(0) { $0 + $1.perLoad }
    let budget = referenceCountingBudgets[probeCase]
    print(
        "  retains and releases in DependencyContainer per load: \(String(format: "%g", countingPerLoad))"
            + (budget.map { " (at most \(String(format: "%g", $0)))" } ?? ""))
    if let budget, countingPerLoad > budget {
        failures += 1
        let readable = demangled(Array(Set(counting.map(\.edge.caller))))
        print("  error: more reference counting per load than \(String(format: "%g", budget)):")
        for (edge, rate) in counting {
            print(
                "    \(String(format: "%g", rate)) per load: \(short(edge.callee)) from \(readable[edge.caller] ?? edge.caller)"
            )
        }
    }
    guard !lookups.isEmpty else {
        print("  metadata lookups, conformance lookups and dynamic casts per load: none")
        continue
    }
    failures += 1
    print("  error: runtime type lookups grow with the loads: \(format(lookups))")
    // The path to each lookup: the per-load edges into lookups and accessors, with their callers.
    let path = grown.filter { isLookup($0.edge.callee) || isAccessor($0.edge.callee) }
    let readable = demangled(
        Array(Set(path.flatMap { [$0.edge.caller, $0.edge.callee] }).filter { $0.hasPrefix("$s") }))
    for (edge, rate) in path {
        let caller = readable[edge.caller] ?? short(edge.caller)
        let callee = readable[edge.callee] ?? short(edge.callee)
        print("    \(String(format: "%g", rate)) per load: \(callee)\n      called from \(caller)")
    }
}
if failures > 0 {
    print(
        "check-specialization: \(failures) cases look types up or count references on every load. Find"
            + " the generic type the load's code touches, or the reference it no longer borrows (see the"
            + " callers above), and keep it off the singleton path; see \"Specialization\" in Architecture.md."
    )
    exit(1)
}
print(
    "check-specialization: ok, no runtime type lookup per load in \(profilesByCase.keys.sorted().joined(separator: ", "))"
)
