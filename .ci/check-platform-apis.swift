// Checks that library sources use no API newer than the platforms Package.swift declares.
//
// Nothing here can compile for Apple platforms, so this reads the toolchain's own Swift
// interfaces, where every declaration carries its Apple availability, and collects the names
// that exist only in versions newer than the minimums. Any use of such a name in a library
// source, or any `import Synchronization`, fails the check with file and line.
//
// Usage: swift .ci/check-platform-apis.swift DIRECTORY...
// It checks names, not overloads: a name that also has an old enough declaration passes.
import Foundation

let minimums: [String: [Int]] = ["macOS": [10, 15], "iOS": [13, 0], "tvOS": [13, 0], "watchOS": [6, 0]]
let modules = ["Swift", "_Concurrency", "Synchronization", "_StringProcessing", "Distributed", "Observation"]

/// Whether an `@available` attribute's text requires a newer Apple platform than the minimums.
func requiresNewer(_ attribute: String) -> Bool {
    for (platform, minimum) in minimums {
        guard let range = attribute.range(of: "\(platform) ") else { continue }
        let version = attribute[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        let parts = version.split(separator: ".").compactMap { Int($0) }
        if parts.lexicographicallyPrecedes(minimum) || parts == minimum { return false }
        return !parts.isEmpty
    }
    return false
}

/// The attribute that `line` starts with, parentheses included.
func attributePrefix(_ line: Substring) -> Substring {
    var depth = 0
    for index in line.indices {
        switch line[index] {
        case "(": depth += 1
        case ")": depth -= 1
        case " " where depth == 0: return line[..<index]
        default: break
        }
    }
    return line
}

/// The name a declaration line declares, if it is one we can name.
func declaredName(_ line: Substring) -> String? {
    let keywords = [
        "func", "var", "let", "struct", "class", "enum", "protocol", "actor", "typealias", "case",
    ]
    let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" || $0 == "<" || $0 == "{" })
    for (index, word) in words.enumerated() where keywords.contains(String(word)) && index + 1 < words.count {
        let name = words[index + 1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        return name.first.map { $0.isLetter || $0 == "_" } == true ? name : nil
    }
    return nil
}

var newer = Set<String>()
var old = Set<String>()
let swiftLibrary: String = {
    let which = Process()
    which.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    which.arguments = ["which", "swift"]
    let pipe = Pipe()
    which.standardOutput = pipe
    try? which.run()
    which.waitUntilExit()
    let swift = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .trimmingCharacters(in: .whitespacesAndNewlines)
    let resolved = URL(fileURLWithPath: swift).resolvingSymlinksInPath()
    return resolved.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
        "lib/swift/linux"
    ).path
}()
var interfacesRead = 0
for module in modules {
    let directory = "\(swiftLibrary)/\(module).swiftmodule"
    guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
    for file in files where file.hasSuffix(".swiftinterface") && !file.contains(".private.") {
        guard let text = try? String(contentsOfFile: "\(directory)/\(file)", encoding: .utf8) else {
            continue
        }
        interfacesRead += 1
        // Availability applies to the next declaration, and an extension's to its members.
        var pendingNewer = false
        var depth = 0
        var newerUntilDepth: Int?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = rawLine.drop { $0 == " " }
            // Attributes stand on their own lines or before the declaration on its line.
            while line.hasPrefix("@") {
                let attribute = attributePrefix(line)
                if attribute.hasPrefix("@available("), requiresNewer(String(attribute)) {
                    pendingNewer = true
                }
                line = line.dropFirst(attribute.count).drop { $0 == " " }
            }
            if !line.hasPrefix("#") && !line.isEmpty {
                let isNewer = pendingNewer || newerUntilDepth != nil
                if line.contains("extension ") && isNewer && newerUntilDepth == nil {
                    newerUntilDepth = depth
                } else if let name = declaredName(line) {
                    // Inlinable bodies declare locals too; only public declarations are API.
                    let isPublic = line.hasPrefix("public ") || line.hasPrefix("open ")
                    if !isNewer {
                        old.insert(name)
                    } else if isPublic {
                        newer.insert(name)
                    }
                }
                pendingNewer = false
            }
            depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            if let until = newerUntilDepth, depth <= until, line.contains("}") { newerUntilDepth = nil }
        }
    }
}
guard interfacesRead > 0 else {
    print("check-platform-apis: no Swift interfaces found under \(swiftLibrary)")
    exit(1)
}
// Names the checked sources declare themselves, such as a `case replace`, are theirs.
let ownNames = Set(
    CommandLine.arguments.dropFirst().flatMap { directory in
        (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }
            .compactMap { try? String(contentsOfFile: "\(directory)/\($0)", encoding: .utf8) }
            .flatMap { $0.split(separator: "\n").compactMap { declaredName($0.drop { $0 == " " }) } }
    })
let newerOnly = newer.subtracting(old).subtracting(ownNames)

/// The source with comments and string literals blanked, so prose cannot trip the check.
func codeOnly(_ source: String) -> [Substring] {
    var result = ""
    var inBlockComment = false
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
        var code = ""
        var index = line.startIndex
        var inString = false
        while index < line.endIndex {
            let rest = line[index...]
            if inBlockComment {
                if rest.hasPrefix("*/") {
                    inBlockComment = false
                    index = line.index(index, offsetBy: 2)
                    continue
                }
            } else if inString {
                if rest.hasPrefix("\\\"") {
                    index = line.index(index, offsetBy: 2)
                    continue
                }
                if rest.hasPrefix("\"") { inString = false }
            } else if rest.hasPrefix("//") {
                break
            } else if rest.hasPrefix("/*") {
                inBlockComment = true
            } else if rest.hasPrefix("\"") {
                inString = true
            } else {
                code.append(line[index])
            }
            index = line.index(after: index)
        }
        result += code + "\n"
    }
    return result.split(separator: "\n", omittingEmptySubsequences: false)
}

var problems: [String] = []
var filesChecked = 0
for directory in CommandLine.arguments.dropFirst() {
    guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
        print("check-platform-apis: cannot read \(directory)")
        exit(1)
    }
    for case let path as String in enumerator where path.hasSuffix(".swift") {
        let file = "\(directory)/\(path)"
        guard let source = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
        filesChecked += 1
        for (number, line) in codeOnly(source).enumerated() {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("import Synchronization") {
                problems.append(
                    "\(file):\(number + 1): imports Synchronization, which needs iOS 18 / macOS 15")
            }
            var identifier = ""
            let characters = Array(line + " ")
            for (offset, character) in characters.enumerated() {
                if character.isLetter || character.isNumber || character == "_" {
                    identifier.append(character)
                    continue
                }
                // A name followed by a colon is an argument label or a declared name, not a use.
                let next = characters[offset...].first { $0 != " " }
                if newerOnly.contains(identifier), next != ":" {
                    problems.append(
                        "\(file):\(number + 1): '\(identifier)' is only available on platforms newer than iOS 13 / macOS 10.15"
                    )
                }
                identifier = ""
            }
        }
    }
}
for problem in problems { print(problem) }
print(
    "check-platform-apis: \(filesChecked) files, \(newerOnly.count) newer-only names from \(interfacesRead) interfaces, "
        + "\(problems.count) problems")
exit(problems.isEmpty ? 0 : 1)
