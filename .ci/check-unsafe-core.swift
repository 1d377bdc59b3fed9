// Checks that the core target uses no unsafe construct: unretained references (`Unmanaged`,
// `_withUnsafeGuaranteedRef`, `unowned(unsafe)`), pointers (`Unsafe…Pointer`,
// `withUnsafe…Pointer`…) and unchecked casts (`unsafeBitCast`, `unsafeDowncast`). The core's
// kernel, `Sources/DependencyContainerKernel`, holds all of them behind a `package` API
// (borrowed reads, published references, the thread-state slot, read sections, reclamation),
// so that the compiler keeps the engine off unretained pointers.
//
// Each use that stays in the core is listed in the allow-list, one `FILE CONSTRUCT` pair per line
// (FILE relative to SOURCES), with the reason after a `#`; an entry that no longer matches a
// use fails the check too, so the list cannot outlive what it excuses. Comments are not code:
// a construct named in a comment passes.
//
// Usage: swift .ci/check-unsafe-core.swift SOURCES ALLOWLIST
//   e.g. swift .ci/check-unsafe-core.swift Sources/DependencyContainer .ci/unsafe-core-allowlist.txt
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else {
    print("usage: swift .ci/check-unsafe-core.swift SOURCES ALLOWLIST")
    exit(2)
}
let sourcesPath = arguments[0].hasSuffix("/") ? String(arguments[0].dropLast()) : arguments[0]
let allowListPath = arguments[1]

/// The constructs, as one pattern; each match's text is the construct it reports.
let pattern = [
    #"\bUnmanaged\b"#, #"\bunsafeBitCast\b"#, #"\bunsafeDowncast\b"#, #"\b_withUnsafeGuaranteedRef\b"#,
    #"\btakeUnretainedValue\b"#, #"\btakeRetainedValue\b"#, #"\bpassUnretained\b"#, #"\bpassRetained\b"#,
    #"\bUnsafe(Mutable)?(Raw)?(Buffer)?Pointer\b"#, #"\bOpaquePointer\b"#,
    #"\bwithUnsafe(Mutable)?(Bytes|Pointer|BufferPointer|PointerToElements|PointerToHeader|Pointers)\b"#,
    #"\bunowned\s*\(\s*unsafe\s*\)"#, #"\b_getUnsafePointerToStoredProperties\b"#,
    #"\bassumingMemoryBound\b"#, #"\bbindMemory\b"#,
].joined(separator: "|")
let regex = try! NSRegularExpression(pattern: pattern)

/// `line`'s code: without its `//` comment, and with its string literals' text blanked (a line
/// inside a block comment is skipped by the caller; multi-line strings are read as code).
func code(of line: String) -> String {
    var result = ""
    var inString = false
    var previous: Character = " "
    for character in line {
        if inString {
            if character == "\"" && previous != "\\" { inString = false }
            result.append(character == "\"" ? character : " ")
        } else if character == "/" && previous == "/" {
            result.removeLast()
            return result
        } else {
            if character == "\"" { inString = true }
            result.append(character)
        }
        previous = character
    }
    return result
}

// ---- The allow-list: FILE CONSTRUCT # reason ------------------------------------------------

struct Allowance: Hashable {
    let file: String
    let construct: String
}

guard let allowText = try? String(contentsOfFile: allowListPath, encoding: .utf8) else {
    print("check-unsafe-core: cannot read \(allowListPath)")
    exit(2)
}
var allowed: [Allowance: Int] = [:]  // the allow-list's line of each entry
var problems: [String] = []
for (index, rawLine) in allowText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    let line = rawLine.trimmingCharacters(in: .whitespaces)
    guard !line.isEmpty, !line.hasPrefix("#") else { continue }
    let parts = line.split(separator: "#", maxSplits: 1)
    let fields = parts[0].split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    let reason = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
    guard fields.count == 2, !reason.isEmpty else {
        problems.append("\(allowListPath):\(index + 1): an entry is `FILE CONSTRUCT # reason`")
        continue
    }
    allowed[Allowance(file: fields[0], construct: fields[1])] = index + 1
}

// ---- The sources ------------------------------------------------------------------------------

let files = (FileManager.default.enumerator(atPath: sourcesPath)?.allObjects as? [String] ?? [])
    .filter { $0.hasSuffix(".swift") && !$0.contains(".build/") }
    .sorted()
guard !files.isEmpty else {
    print("check-unsafe-core: no .swift files under \(sourcesPath)")
    exit(2)
}
var used: Set<Allowance> = []
var uses = 0
for file in files {
    guard let text = try? String(contentsOfFile: "\(sourcesPath)/\(file)", encoding: .utf8) else { continue }
    var inBlockComment = false
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        var line = String(line)
        // Block comments as whole lines, the only way these sources use them.
        if inBlockComment {
            if line.contains("*/") { inBlockComment = false }
            continue
        }
        if line.trimmingCharacters(in: .whitespaces).hasPrefix("/*") {
            inBlockComment = !line.contains("*/")
            continue
        }
        line = code(of: line)
        let range = NSRange(line.startIndex..., in: line)
        for match in regex.matches(in: line, range: range) {
            let construct = String(line[Range(match.range, in: line)!])
                .replacingOccurrences(of: " ", with: "")
            let allowance = Allowance(file: file, construct: construct)
            if allowed[allowance] != nil {
                used.insert(allowance)
                continue
            }
            uses += 1
            problems.append(
                "\(sourcesPath)/\(file):\(index + 1): error: '\(construct)' in the core; use the kernel's API (DependencyContainerKernel) or allow-list it with a reason"
            )
        }
    }
}
for (allowance, line) in allowed.sorted(by: { $0.value < $1.value }) where !used.contains(allowance) {
    problems.append(
        "\(allowListPath):\(line): error: '\(allowance.construct)' is allowed in \(allowance.file), which no longer uses it"
    )
}
if problems.isEmpty {
    print("unsafe core: ok, \(files.count) files, \(allowed.count) allowed uses")
    exit(0)
}
problems.forEach { print($0) }
print("unsafe core: \(problems.count) problems")
exit(1)
