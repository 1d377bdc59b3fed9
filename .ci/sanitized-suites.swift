// Selects the test suites that CI runs again in release builds under AddressSanitizer and
// ThreadSanitizer, from their Swift Testing tags, and fails when a suite that starts threads
// has none of those tags: a new concurrency suite cannot go unsanitized.
//
// The tags (`.concurrency`, `.lifetime`, `.badInput`) are the source of truth; `swift test
// --filter` matches names only, so this script turns the tagged suites into a name filter.
//
// Usage: swift .ci/sanitized-suites.swift DIR…   prints the filter, e.g. 'BadInputTests|…'
import Foundation

let sanitizedTags = [".concurrency", ".lifetime", ".badInput"]
/// What starts a thread or a task that runs beside the test: a file using any of these must
/// tag every suite it declares.
let threadStarters = [
    "runOnThreads(", "spawnThread(", "pthread_create(", "Thread(", "Thread.detachNewThread",
    "concurrentPerform(", "Task.detached", "withTaskGroup(", "withThrowingTaskGroup(", "async let ",
]

struct Suite {
    let name: String
    let file: String
    let tagged: Bool
}

/// A type declaration at the start of a line, after any attributes and modifiers.
// A constant pattern: it compiles or the script is wrong.
let declarationPattern = try! NSRegularExpression(
    pattern: #"^[ \t]*(?:@\w+(?:\([^)\n]*\))?\s+)*(?:(?:public|internal|private|fileprivate|final)\s+)*"#
        + #"(?:struct|class|enum|actor)\s+([A-Za-z_][A-Za-z0-9_]*)"#,
    options: [.anchorsMatchLines])

/// The suites a file declares: each `@Suite(…)` attribute and the type that follows it.
func suites(in file: String) throws -> (suites: [Suite], startsThreads: Bool) {
    let text = try String(contentsOfFile: file, encoding: .utf8)
    let whole = text as NSString
    var found: [Suite] = []
    var searchStart = 0
    while true {
        let attribute = whole.range(
            of: "@Suite", range: NSRange(location: searchStart, length: whole.length - searchStart))
        guard attribute.location != NSNotFound else { break }
        let afterAttribute = attribute.location + attribute.length
        guard
            let declaration = declarationPattern.firstMatch(
                in: text, range: NSRange(location: afterAttribute, length: whole.length - afterAttribute))
        else { break }
        // The attribute runs to the line the declaration starts on.
        let attributeText = whole.substring(
            with: NSRange(location: afterAttribute, length: declaration.range.location - afterAttribute))
        let name = whole.substring(with: declaration.range(at: 1))
        let tagged = attributeText.contains(".tags(") && sanitizedTags.contains { attributeText.contains($0) }
        found.append(Suite(name: name, file: file, tagged: tagged))
        searchStart = declaration.range.location + declaration.range.length
    }
    let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        .joined(separator: "\n")
    return (found, threadStarters.contains { code.contains($0) })
}

let directories = CommandLine.arguments.dropFirst()
guard !directories.isEmpty else {
    FileHandle.standardError.write(Data("usage: swift .ci/sanitized-suites.swift DIR…\n".utf8))
    exit(2)
}
var selected: [String] = []
var problems: [String] = []
for directory in directories {
    guard let walker = FileManager.default.enumerator(atPath: directory) else {
        problems.append("\(directory): not a directory")
        continue
    }
    for case let path as String in walker where path.hasSuffix(".swift") {
        let file = "\(directory)/\(path)"
        do {
            let (declared, startsThreads) = try suites(in: file)
            for suite in declared {
                if suite.tagged {
                    selected.append(suite.name)
                } else if startsThreads {
                    problems.append(
                        "\(file): suite \(suite.name) starts threads or tasks but has no tag of "
                            + "\(sanitizedTags.joined(separator: ", ")): CI would never sanitize it in release builds"
                    )
                }
            }
        } catch {
            problems.append("\(file): \(error)")
        }
    }
}
if !problems.isEmpty {
    FileHandle.standardError.write(Data((problems.joined(separator: "\n") + "\n").utf8))
    exit(1)
}
guard !selected.isEmpty else {
    FileHandle.standardError.write(Data("no suite carries \(sanitizedTags.joined(separator: ", "))\n".utf8))
    exit(1)
}
print(selected.sorted().joined(separator: "|"))
