// Checks that sources use no language feature newer than the Swift the package declares.
//
// The floor is the root Package.swift's `swift-tools-version`. The features are the spellings
// listed in .ci/language-floor-features.txt, each with the proposal and the Swift release that
// introduced it; a spelling newer than the floor, in code, fails the check with file and line.
//
// Usage: swift .ci/check-language-floor.swift [--floor X.Y] PATH...   (directories or .swift files)
// --floor checks against another floor than the manifest's, to see what a lower one would catch.
//
// What it cannot prove: that the sources compile with the floor's compiler. It finds the listed
// spellings only; a feature with no spelling of its own, a library API of a newer standard
// library, or a compiler fix the code relies on passes it. It blanks comments and string
// literals (nested block comments, multi-line and raw strings; an interpolation's code is kept),
// but not regex literals (`/…/`, `#/…/#`), whose text it reads as code.
import Foundation

// The list is beside this script, and the manifest in the folder above.
let scriptFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
let manifest = scriptFolder.deletingLastPathComponent().appendingPathComponent("Package.swift").path
let featuresFile = scriptFolder.appendingPathComponent("language-floor-features.txt").path
var paths = Array(CommandLine.arguments.dropFirst())
var floorOption: Substring?
if paths.first == "--floor", paths.count > 1 {
    floorOption = Substring(paths[1])
    paths.removeFirst(2)
}

/// A version's numbers, so 6.2 and 6.2.0 compare equal.
func versionNumbers(_ text: Substring) -> [Int] {
    var parts = text.split(separator: ".").compactMap { Int($0) }
    while parts.count < 3 { parts.append(0) }
    return parts
}

func fail(_ message: String) -> Never {
    print("check-language-floor: \(message)")
    exit(1)
}

/// The tools version on the manifest's first line, where SwiftPM reads it.
func manifestToolsVersion() -> Substring {
    guard let manifestText = try? String(contentsOfFile: manifest, encoding: .utf8),
        let firstLine = manifestText.split(separator: "\n", omittingEmptySubsequences: false).first,
        let range = firstLine.range(of: #"swift-tools-version:\s*[0-9.]+"#, options: .regularExpression)
    else { fail("cannot read the tools version from the first line of \(manifest)") }
    return firstLine[range].drop { !$0.isNumber }
}
let floorText = floorOption ?? manifestToolsVersion()
let floor = versionNumbers(floorText)

struct Feature {
    let version: Substring
    let proposal: Substring
    let spelling: Substring
    let pattern: NSRegularExpression
}

guard let featureLines = try? String(contentsOfFile: featuresFile, encoding: .utf8) else {
    fail("cannot read \(featuresFile)")
}
var features: [Feature] = []
for (number, line) in featureLines.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
    if line.hasPrefix("#") || line.allSatisfy(\.isWhitespace) { continue }
    let fields = line.split(separator: " | ", maxSplits: 3, omittingEmptySubsequences: false)
    guard fields.count == 4, let pattern = try? NSRegularExpression(pattern: String(fields[3])) else {
        fail("\(featuresFile):\(number + 1): expected 'version | SE-NNNN | spelling | pattern'")
    }
    features.append(Feature(version: fields[0], proposal: fields[1], spelling: fields[2], pattern: pattern))
}
let newer = features.filter { floor.lexicographicallyPrecedes(versionNumbers($0.version)) }

/// The source's lines, with comments and the text of string literals removed.
///
/// An interpolation stays, as `\(code)`, so a feature used inside one is still found. Nil when
/// the file ends inside a comment or a string: something (a regex literal) was read wrongly.
func codeLines(_ source: String) -> [String]? {
    enum Context {
        case code(parentheses: Int)
        case string(hashes: Int, multiline: Bool)
    }
    let characters = Array(source.unicodeScalars)
    var lines: [String] = []
    var line = ""
    var stack: [Context] = [.code(parentheses: 0)]
    var blockCommentDepth = 0
    var index = 0

    func at(_ offset: Int) -> Unicode.Scalar? {
        index + offset < characters.count ? characters[index + offset] : nil
    }
    /// How many `#` start at the given offset.
    func hashes(from offset: Int) -> Int {
        var count = 0
        while at(offset + count) == "#" { count += 1 }
        return count
    }
    func startsWith(_ text: String, at offset: Int = 0) -> Bool {
        text.unicodeScalars.enumerated().allSatisfy { at(offset + $0.offset) == $0.element }
    }

    while index < characters.count {
        let character = characters[index]
        if character == "\n" {
            lines.append(line)
            line = ""
            // A single-line string does not continue on the next line.
            if case .string(_, multiline: false) = stack.last { stack.removeLast() }
            index += 1
            continue
        }
        if blockCommentDepth > 0 {
            if startsWith("/*") {
                blockCommentDepth += 1
                index += 2
            } else if startsWith("*/") {
                blockCommentDepth -= 1
                index += 2
            } else {
                index += 1
            }
            continue
        }
        switch stack[stack.count - 1] {
        case .code(let parentheses):
            if startsWith("//") {
                while index < characters.count, characters[index] != "\n" { index += 1 }
            } else if startsWith("/*") {
                blockCommentDepth = 1
                index += 2
            } else if character == "#" || character == "\"" {
                let count = hashes(from: 0)
                guard at(count) == "\"" else {
                    line.unicodeScalars.append(contentsOf: characters[index..<index + max(count, 1)])
                    index += max(count, 1)
                    break
                }
                let multiline = startsWith("\"\"\"", at: count)
                line += "\""
                stack.append(.string(hashes: count, multiline: multiline))
                index += count + (multiline ? 3 : 1)
            } else if character == "(" {
                stack[stack.count - 1] = .code(parentheses: parentheses + 1)
                line.unicodeScalars.append(character)
                index += 1
            } else if character == ")", parentheses == 0, stack.count > 1 {
                // The end of an interpolation: back to its string.
                stack.removeLast()
                line += ")"
                index += 1
            } else {
                if character == ")" { stack[stack.count - 1] = .code(parentheses: parentheses - 1) }
                line.unicodeScalars.append(character)
                index += 1
            }
        case .string(let count, let multiline):
            if character == "\\", hashes(from: 1) == count {
                if at(1 + count) == "(" {
                    line += "\\("
                    stack.append(.code(parentheses: 0))
                    index += 2 + count
                } else if at(1 + count) == "\n" {
                    index += 1 + count  // a line continuation: the newline still ends the line
                } else {
                    index += 2 + count  // an escaped character
                }
            } else if startsWith(multiline ? "\"\"\"" : "\"") && hashes(from: multiline ? 3 : 1) >= count {
                line += "\""
                stack.removeLast()
                index += (multiline ? 3 : 1) + count
            } else {
                index += 1
            }
        }
    }
    lines.append(line)
    return stack.count == 1 && blockCommentDepth == 0 ? lines : nil
}

/// The .swift files under a path, skipping build directories and hidden ones.
func swiftFiles(_ path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        fail("cannot read \(path)")
    }
    guard isDirectory.boolValue else { return [path] }
    guard let enumerator = FileManager.default.enumerator(atPath: path) else { fail("cannot read \(path)") }
    var files: [String] = []
    for case let relative as String in enumerator {
        let name = (relative as NSString).lastPathComponent
        if name.hasPrefix(".") {
            enumerator.skipDescendants()
        } else if name.hasSuffix(".swift") {
            files.append("\(path)/\(relative)")
        }
    }
    return files.sorted()
}

guard !paths.isEmpty else { fail("usage: swift .ci/check-language-floor.swift [--floor X.Y] PATH...") }
var problems: [String] = []
var filesChecked = 0
var seen = Set<String>()
for file in paths.flatMap(swiftFiles) where seen.insert(file).inserted {
    guard let source = try? String(contentsOfFile: file, encoding: .utf8) else { fail("cannot read \(file)") }
    filesChecked += 1
    guard let lines = codeLines(source) else {
        problems.append(
            "\(file):1: error: ends inside a comment or a string as this check reads it; it cannot check it")
        continue
    }
    for (number, line) in lines.enumerated() {
        let range = NSRange(line.startIndex..., in: line)
        for feature in newer where feature.pattern.firstMatch(in: line, range: range) != nil {
            problems.append(
                "\(file):\(number + 1): error: '\(feature.spelling)' needs Swift \(feature.version) "
                    + "(\(feature.proposal)); the package's floor is \(floorText)")
        }
    }
}
for problem in problems { print(problem) }
print(
    "check-language-floor: \(filesChecked) files, floor Swift \(floorText)\(floorOption == nil ? " (Package.swift)" : ""), "
        + "\(newer.count) of \(features.count) listed spellings newer, \(problems.count) problems")
exit(problems.isEmpty ? 0 : 1)
