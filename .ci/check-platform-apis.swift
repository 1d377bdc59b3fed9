// Checks that library sources use no API newer than the platforms Package.swift declares.
//
// Nothing here can compile for Apple platforms, so this reads the toolchain's own Swift
// interfaces, where every declaration carries its Apple availability, and collects the names
// that exist only in versions newer than the minimums. Any use of such a name in a library
// source, or any `import Synchronization`, fails the check with file and line.
//
// Usage: swift .ci/check-platform-apis.swift DIRECTORY... [--floor "macOS 14, iOS 17, …" DIRECTORY...]
// It checks names, not overloads: a name that also has an old enough declaration passes.
//
// `--floor` raises the minimums for the directories after it, for a library whose every
// declaration is marked `@available` with at least those versions (such as one built on
// Observation): the check then also fails any top-level declaration there that lacks such an
// `@available`, since only the attribute makes Apple compilers hold its clients to that floor.
import Foundation

let packageMinimums: [String: [Int]] = [
    "macOS": [10, 15], "iOS": [13, 0], "tvOS": [13, 0], "watchOS": [6, 0],
]

/// The versions an `@available` attribute or a `--floor` argument names, by platform.
func versions(in text: String) -> [String: [Int]] {
    var result: [String: [Int]] = [:]
    for platform in packageMinimums.keys {
        // "macOS 14", not the "OS 14" inside it: the platform must start a word.
        var searchStart = text.startIndex
        while let range = text.range(of: "\(platform) ", range: searchStart..<text.endIndex) {
            searchStart = range.upperBound
            if range.lowerBound > text.startIndex, text[text.index(before: range.lowerBound)].isLetter {
                continue
            }
            let version = text[range.upperBound...].prefix { $0.isNumber || $0 == "." }
            let parts = version.split(separator: ".").compactMap { Int($0) }
            if !parts.isEmpty { result[platform] = parts }
            break
        }
    }
    return result
}

// The directories, each with the minimums it is checked against.
var groups: [(minimums: [String: [Int]], directories: [String])] = [(packageMinimums, [])]
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    if argument == "--floor" {
        guard !arguments.isEmpty else {
            print(
                "check-platform-apis: --floor needs versions, such as \"macOS 14, iOS 17, tvOS 17, watchOS 10\""
            )
            exit(1)
        }
        let floor = versions(in: arguments.removeFirst())
        guard floor.count == packageMinimums.count else {
            print(
                "check-platform-apis: --floor must name \(packageMinimums.keys.sorted().joined(separator: ", "))"
            )
            exit(1)
        }
        groups.append((floor, []))
    } else {
        groups[groups.count - 1].directories.append(argument)
    }
}
let allDirectories = groups.flatMap(\.directories)
let modules = ["Swift", "_Concurrency", "Synchronization", "_StringProcessing", "Distributed", "Observation"]

/// A version with three parts, so that 14, 14.0 and 14.0.0 compare equal.
func padded(_ version: [Int]) -> [Int] {
    version + Array(repeating: 0, count: max(0, 3 - version.count))
}

/// Whether an `@available` attribute's text requires a newer Apple platform than `minimums`.
func requiresNewer(_ attribute: String, than minimums: [String: [Int]]) -> Bool {
    for (platform, minimum) in minimums {
        guard let range = attribute.range(of: "\(platform) ") else { continue }
        let version = attribute[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        let parts = version.split(separator: ".").compactMap { Int($0) }
        // 14.0 is 14: compared padded to three parts.
        if padded(parts).lexicographicallyPrecedes(padded(minimum)) || padded(parts) == padded(minimum) {
            return false
        }
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
/// The public names of the toolchain's interfaces that exist only in versions newer than
/// `minimums`, and how many interfaces were read.
func newerOnlyNames(than minimums: [String: [Int]]) -> (names: Set<String>, interfaces: Int) {
    var newer = Set<String>()
    var old = Set<String>()
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
                    if attribute.hasPrefix("@available("), requiresNewer(String(attribute), than: minimums) {
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
    return (newer.subtracting(old), interfacesRead)
}
// Read once per floor that has directories to check.
let newerByGroup = groups.map { group in
    group.directories.isEmpty ? (names: [], interfaces: 0) : newerOnlyNames(than: group.minimums)
}
let interfacesRead = newerByGroup.map(\.interfaces).max() ?? 0
guard interfacesRead > 0 else {
    print("check-platform-apis: no Swift interfaces found under \(swiftLibrary)")
    exit(1)
}
// Names the checked sources declare themselves, such as a `case replace`, are theirs.
let ownNames = Set(
    allDirectories.flatMap { directory in
        (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }
            .compactMap { try? String(contentsOfFile: "\(directory)/\($0)", encoding: .utf8) }
            .flatMap { $0.split(separator: "\n").compactMap { declaredName($0.drop { $0 == " " }) } }
    })

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

/// The top-level declaration that `line`, code only, starts, if any: a type, an extension,
/// a function or a global, not an import or a compiler directive.
func isTopLevelDeclaration(_ line: Substring) -> Bool {
    guard let first = line.first, first.isLetter else { return false }
    let word = line.prefix { $0.isLetter }
    return !["import"].contains(String(word))
}

var problems: [String] = []
var filesChecked = 0
var newerOnlyCount = 0
for (group, (minimums, directories)) in groups.enumerated() {
    let newerOnly = newerByGroup[group].names.subtracting(ownNames)
    newerOnlyCount = max(newerOnlyCount, newerOnly.count)
    let isRaised = minimums != packageMinimums
    let floorText = minimums.keys.sorted().map {
        "\($0) \(minimums[$0]!.map(String.init).joined(separator: "."))"
    }
    .joined(separator: ", ")
    for directory in directories {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
            print("check-platform-apis: cannot read \(directory)")
            exit(1)
        }
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            let file = "\(directory)/\(path)"
            guard let source = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            filesChecked += 1
            // Under a raised floor, the attributes before each top-level declaration must name it.
            var pendingAvailability: [String: [Int]] = [:]
            for (number, line) in codeOnly(source).enumerated() {
                if isRaised {
                    if line.hasPrefix("@") {
                        if line.hasPrefix("@available(") {
                            pendingAvailability.merge(versions(in: String(line))) { $1 }
                        }
                    } else if isTopLevelDeclaration(line) {
                        let short = minimums.filter { platform, minimum in
                            pendingAvailability[platform].map { $0.lexicographicallyPrecedes(minimum) }
                                ?? true
                        }
                        if !short.isEmpty {
                            problems.append(
                                "\(file):\(number + 1): a declaration of a library with floor \(floorText) lacks "
                                    + "@available(\(short.keys.sorted().joined(separator: ", ")) …) at that floor"
                            )
                        }
                        pendingAvailability = [:]
                    } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                        pendingAvailability = [:]
                    }
                }
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
                            "\(file):\(number + 1): '\(identifier)' is only available on platforms newer than "
                                + (isRaised ? floorText : "iOS 13 / macOS 10.15"))
                    }
                    identifier = ""
                }
            }
        }
    }
}
for problem in problems { print(problem) }
print(
    "check-platform-apis: \(filesChecked) files, \(newerOnlyCount) newer-only names from \(interfacesRead) interfaces, "
        + "\(problems.count) problems")
exit(problems.isEmpty ? 0 : 1)
