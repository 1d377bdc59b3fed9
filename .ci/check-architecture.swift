// Checks that the Architecture article still describes the source tree: its folder list and its
// engine table are compared with the folders and files that exist, so the article cannot go
// stale while the code moves.
//
// The article's two tables, found by their header rows:
//
// - the folder list, a table whose first column is `folder`: each row starts with a backticked
//   folder relative to SOURCES, ending in `/` (`Internal/Engine/`). Every folder under SOURCES,
//   at any depth, that holds a `.swift` file itself must have a row, and every row's folder
//   must exist and hold one, itself or in a subfolder (a row for `Internal/` may stay).
// - the engine table, a table with a `files` column: each row's `files` cell names backticked
//   `.swift` files, by path relative to SOURCES (`Lifecycle/PendingDisposal.swift`) or by bare
//   name when only one file has it (`Container+Lookup.swift`). Every named file must exist, and
//   every `.swift` file in the engine's folders, at any depth, must be named in some row. The
//   engine's folders are the backticked folders (ending in `/`) of the paragraph just above
//   the table, so that the article states which files the table must cover.
//
// Each problem is printed with the article's path and line, and names the folder or file.
//
// Usage: swift .ci/check-architecture.swift ARTICLE SOURCES
//   e.g. swift .ci/check-architecture.swift \
//            Sources/DependencyContainer/DependencyContainer.docc/Architecture.md Sources/DependencyContainer
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2 else {
    print("usage: swift .ci/check-architecture.swift ARTICLE SOURCES")
    exit(2)
}
let articlePath = arguments[0]
let sourcesPath = arguments[1].hasSuffix("/") ? String(arguments[1].dropLast()) : arguments[1]

guard let article = try? String(contentsOfFile: articlePath, encoding: .utf8) else {
    print("check-architecture: cannot read \(articlePath)")
    exit(2)
}

// ---- The tree: every .swift file under SOURCES, by path relative to it -------------------

let swiftFiles: [String] =
    (FileManager.default.enumerator(atPath: sourcesPath)?.allObjects as? [String] ?? [])
    .filter { $0.hasSuffix(".swift") && !$0.contains(".build/") }
    .sorted()
guard !swiftFiles.isEmpty else {
    print("check-architecture: no .swift files under \(sourcesPath)")
    exit(2)
}

/// The folder of a relative path, with a trailing slash, or "" at the top.
func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[...slash])
}

/// Every folder that holds a .swift file directly.
let foldersWithSwift = Set(swiftFiles.map(folder(of:)).filter { !$0.isEmpty })

// ---- The article: its tables, with their lines -------------------------------------------

let lines = article.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)

struct Table {
    /// The 1-based line of the header row.
    let headerLine: Int
    let columns: [String]
    /// Each row's 1-based line and cells.
    let rows: [(line: Int, cells: [String])]
}

func cells(of line: String) -> [String]? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("|"), trimmed.hasSuffix("|"), trimmed.count >= 2 else { return nil }
    // A `|` inside backticks does not occur in these tables; cells are split plainly.
    return trimmed.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
        .map { $0.trimmingCharacters(in: .whitespaces) }
}

func isDelimiterRow(_ cells: [String]) -> Bool {
    cells.allSatisfy { cell in !cell.isEmpty && cell.allSatisfy { "-: ".contains($0) } }
}

var tables: [Table] = []
var index = 0
while index < lines.count {
    if let header = cells(of: lines[index]), index + 1 < lines.count,
        let delimiter = cells(of: lines[index + 1]), isDelimiterRow(delimiter)
    {
        var rows: [(Int, [String])] = []
        var next = index + 2
        while next < lines.count, let row = cells(of: lines[next]) {
            rows.append((next + 1, row))
            next += 1
        }
        tables.append(Table(headerLine: index + 1, columns: header.map { $0.lowercased() }, rows: rows))
        index = next
    } else {
        index += 1
    }
}

/// The backticked spans of a piece of Markdown.
func codeSpans(in text: String) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }.map { String($0.element) }
}

var problems: [String] = []
func problem(_ line: Int, _ message: String) {
    problems.append("\(articlePath):\(line): \(message)")
}

// ---- The folder list -----------------------------------------------------------------------

let folderTables = tables.filter { $0.columns.first == "folder" }
if folderTables.count != 1 {
    problem(
        1,
        "expected one folder list (a table whose first column is `folder`), found \(folderTables.count)")
} else {
    let table = folderTables[0]
    var listed: [String: Int] = [:]
    for row in table.rows {
        guard let first = row.cells.first, let name = codeSpans(in: first).first, name.hasSuffix("/") else {
            problem(row.line, "a folder-list row must start with a backticked folder ending in '/'")
            continue
        }
        if let earlier = listed[name] {
            problem(row.line, "folder '\(name)' is listed twice (also line \(earlier))")
            continue
        }
        listed[name] = row.line
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(
            atPath: "\(sourcesPath)/\(name)", isDirectory: &isDirectory)
        if !exists || !isDirectory.boolValue {
            problem(row.line, "folder '\(name)' is listed but does not exist under \(sourcesPath)")
        } else if !swiftFiles.contains(where: { $0.hasPrefix(name) }) {
            problem(row.line, "folder '\(name)' is listed but holds no .swift file")
        }
    }
    for name in foldersWithSwift.sorted() where listed[name] == nil {
        problem(table.headerLine, "folder '\(name)' holds .swift files but is not in the folder list")
    }
}

// ---- The engine table ------------------------------------------------------------------------

let engineTables = tables.filter { $0.columns.contains("files") }
if engineTables.count != 1 {
    problem(1, "expected one engine table (a table with a `files` column), found \(engineTables.count)")
} else {
    let table = engineTables[0]
    let filesColumn = table.columns.firstIndex(of: "files")!

    // The engine's folders: the backticked folders of the paragraph just above the table.
    var paragraphEnd = table.headerLine - 2  // 0-based index of the line above the header
    while paragraphEnd >= 0, lines[paragraphEnd].trimmingCharacters(in: .whitespaces).isEmpty {
        paragraphEnd -= 1
    }
    var paragraphStart = paragraphEnd
    while paragraphStart > 0, !lines[paragraphStart - 1].trimmingCharacters(in: .whitespaces).isEmpty {
        paragraphStart -= 1
    }
    let paragraph = paragraphEnd >= 0 ? lines[paragraphStart...paragraphEnd].joined(separator: " ") : ""
    let engineFolders = codeSpans(in: paragraph).filter { $0.hasSuffix("/") && !$0.contains(" ") }
    if engineFolders.isEmpty {
        problem(
            table.headerLine,
            "the paragraph above the engine table names no engine folder (a backticked folder ending in '/')")
    }
    for name in engineFolders where !swiftFiles.contains(where: { $0.hasPrefix(name) }) {
        problem(paragraphStart + 1, "engine folder '\(name)' holds no .swift file under \(sourcesPath)")
    }

    var named: Set<String> = []
    for row in table.rows {
        guard filesColumn < row.cells.count else {
            problem(row.line, "the engine-table row has no `files` cell")
            continue
        }
        let names = codeSpans(in: row.cells[filesColumn])
        if names.isEmpty {
            problem(row.line, "the engine-table row names no backticked file in its `files` cell")
        }
        for name in names {
            guard name.hasSuffix(".swift") else {
                problem(row.line, "'\(name)' in the `files` cell is not a .swift file name")
                continue
            }
            let matches =
                name.contains("/")
                ? swiftFiles.filter { $0 == name }
                : swiftFiles.filter { $0 == name || $0.hasSuffix("/" + name) }
            switch matches.count {
            case 0:
                problem(
                    row.line, "file '\(name)' is in the engine table but does not exist under \(sourcesPath)")
            case 1: named.insert(matches[0])
            default:
                problem(
                    row.line,
                    "file '\(name)' is ambiguous (\(matches.joined(separator: ", "))); give its path")
            }
        }
    }
    for file in swiftFiles
    where engineFolders.contains(where: { file.hasPrefix($0) }) && !named.contains(file) {
        problem(table.headerLine, "engine file '\(file)' is not in the engine table")
    }
}

for line in problems { print(line) }
print(
    problems.isEmpty
        ? "architecture doc: ok, \(foldersWithSwift.count) folders and the engine table match \(sourcesPath)"
        : "architecture doc: \(problems.count) problem\(problems.count == 1 ? "" : "s") in \(articlePath)")
exit(problems.isEmpty ? 0 : 1)
