// Checks that every ```swift block in the README, the DocC articles and the doc comments of
// Sources appears, line by line, in a compiled Swift file, so no documented example can go
// stale. A doc comment's block must appear outside comments: as code, not as its own text.
//
// Lines are compared with leading and trailing whitespace removed and blank lines skipped,
// so an example may sit indented inside a test function. `.ci/install-client` counts as
// compiled because `bash .ci/run install-line` resolves its manifest, the README's install lines.
//
// Usage: swift .ci/check-doc-snippets.swift   (from the package root)
import Foundation

let fileManager = FileManager.default
let root = URL(fileURLWithPath: fileManager.currentDirectoryPath)

func files(under directory: String, withExtension ext: String) -> [URL] {
    let base = root.appendingPathComponent(directory)
    guard let enumerator = fileManager.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
    return enumerator.compactMap { $0 as? URL }
        .filter { $0.pathExtension == ext && !$0.path.contains("/.build/") }
}

func normalized(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
}

func swiftBlocks(in text: String) -> [(line: Int, body: String)] {
    var blocks: [(Int, String)] = []
    var current: [String]?
    var start = 0
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if current == nil, trimmed == "```swift" {
            current = []
            start = index + 2
        } else if current != nil, trimmed == "```" {
            blocks.append((start, current!.joined(separator: "\n")))
            current = nil
        } else {
            current?.append(String(line))
        }
    }
    return blocks
}

func contains(_ haystack: [String], _ needle: [String]) -> Bool {
    guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
    for offset in 0...(haystack.count - needle.count) where haystack[offset] == needle[0] {
        if Array(haystack[offset..<offset + needle.count]) == needle { return true }
    }
    return false
}

let compiled = (files(under: "Sources", withExtension: "swift") + files(under: "Tests", withExtension: "swift")
    + files(under: ".ci/client/Sources", withExtension: "swift")
    + files(under: ".ci/isolation-client/Sources", withExtension: "swift")
    + files(under: ".ci/install-client", withExtension: "swift")
    + files(under: ".ci/default-main-actor-client/Sources", withExtension: "swift"))
    .map { (url: $0, lines: normalized((try? String(contentsOf: $0, encoding: .utf8)) ?? "")) }

/// The text of a Swift file's `///` comments, other lines blank so line numbers still match.
func docCommentText(of source: String) -> String {
    source.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("///") else { return "" }
        let text = trimmed.dropFirst(3)
        return String(text.hasPrefix(" ") ? text.dropFirst() : text)
    }.joined(separator: "\n")
}

let markdown = [root.appendingPathComponent("README.md")] + files(under: "Sources", withExtension: "md")
let documents =
    markdown.map { (url: $0, text: try? String(contentsOf: $0, encoding: .utf8)) }
    + files(under: "Sources", withExtension: "swift").map { url in
        (url: url, text: (try? String(contentsOf: url, encoding: .utf8)).map(docCommentText(of:)))
    }
var failures = 0
var checked = 0
for (document, contents) in documents {
    guard let text = contents else { continue }
    for block in swiftBlocks(in: text) {
        checked += 1
        let lines = normalized(block.body)
        if !compiled.contains(where: { contains($0.lines, lines) }) {
            failures += 1
            let name = document.path.replacingOccurrences(of: root.path + "/", with: "")
            print("\(name):\(block.line): this swift block is in no compiled file:")
            print(block.body.split(separator: "\n").prefix(3).map { "    " + $0 }.joined(separator: "\n"))
        }
    }
}

// The migration guides' tables map a peer's spelling to ours in code spans: the spans of a row's
// last cell (ours) must each appear in one compiled file, whitespace collapsed. A `…` in a span
// stands for elided code: its pieces must appear in order. ``Symbol`` links are left to DocC.
func collapsed(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
}

func codeSpans(in cell: Substring) -> [String] {
    var spans: [String] = []
    var rest = cell[...]
    while let open = rest.firstIndex(of: "`") {
        let afterOpen = rest.index(after: open)
        if afterOpen < rest.endIndex, rest[afterOpen] == "`" {
            // A ``Symbol`` link: skip to its closing pair.
            let tail = rest[rest.index(after: afterOpen)...]
            guard let close = tail.range(of: "``") else { break }
            rest = tail[close.upperBound...]
            continue
        }
        guard let close = rest[afterOpen...].firstIndex(of: "`") else { break }
        spans.append(String(rest[afterOpen..<close]))
        rest = rest[rest.index(after: close)...]
    }
    return spans
}

func appearsInOrder(_ pieces: [String], in text: String) -> Bool {
    var searchFrom = text.startIndex
    for piece in pieces {
        guard let found = text.range(of: piece, range: searchFrom..<text.endIndex) else { return false }
        searchFrom = found.upperBound
    }
    return true
}

let compiledText = compiled.map { collapsed(($0.lines).joined(separator: " ")) }
var spansChecked = 0
for guide in files(under: "Sources", withExtension: "md")
where guide.lastPathComponent.hasPrefix("MigratingFrom") {
    guard let text = try? String(contentsOf: guide, encoding: .utf8) else { continue }
    var rowInTable = 0
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        guard line.hasPrefix("|") else {
            rowInTable = 0
            continue
        }
        rowInTable += 1
        // The header and the separator row hold no code.
        guard rowInTable > 2, let lastCell = line.dropLast().split(separator: "|").last else { continue }
        for span in codeSpans(in: lastCell) {
            spansChecked += 1
            let pieces = span.components(separatedBy: "…").map { collapsed($0) }.filter { !$0.isEmpty }
            if !compiledText.contains(where: { appearsInOrder(pieces, in: $0) }) {
                failures += 1
                let name = guide.path.replacingOccurrences(of: root.path + "/", with: "")
                print("\(name):\(index + 1): `\(span)` is in no compiled file")
            }
        }
    }
}
print(failures == 0 ? "doc snippets: ok, all \(checked) blocks and \(spansChecked) table spans compiled" : "doc snippets: \(failures) of \(checked) blocks and \(spansChecked) table spans in no compiled file")
exit(failures == 0 ? 0 : 1)
