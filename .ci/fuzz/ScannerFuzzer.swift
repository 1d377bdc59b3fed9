// libFuzzer harness for the scanner in Sources/InjectScanner: the lexer, SourceScanner, and
// the lint and report stages that consume the scanned facts.
//
// .ci/fuzz/run compiles the scanner's sources into a module named ScannerUnderFuzz, so that
// this harness uses only the scanner's public API and does not depend on its target name.
//
// The input is arbitrary bytes. Each 0xFF byte (never part of valid UTF-8) starts a new file;
// each file is decoded leniently, so invalid UTF-8 becomes U+FFFD, and goes to one of two
// modules, the second depending on the first. Besides "no crash, no hang", it checks:
// - tokens: lines start at 1, never decrease and stay within the file; each token's text
//   has the shape its kind promises and appears on the token's line;
// - a byte-order mark and a newline put in front of a file move every token and every fact
//   one line down and change nothing else (which also catches nondeterminism);
// - CRLF line endings give the same tokens and facts as LF (or CR) ones, but for string values;
// - every location in the facts and in the lint report is a line of the file it names;
// - every report format renders, and the JSON report decodes to the same report.

import Foundation
import ScannerUnderFuzz

/// libFuzzer's entry point: checks the scanner's invariants on one input.
///
/// - Parameters:
///   - data: The input's bytes.
///   - size: The number of bytes.
/// - Returns: 0; a broken invariant stops the process instead.
@_cdecl("LLVMFuzzerTestOneInput")
public func scannerFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let files = bytes.split(separator: 0xFF, maxSplits: 3, omittingEmptySubsequences: false)
        .enumerated().map { index, part in
            FuzzFile(path: "File\(index).swift", source: String(decoding: part, as: UTF8.self))
        }
    var facts = [SourceFacts(), SourceFacts()]
    for (index, file) in files.enumerated() {
        checkTokens(of: file)
        facts[index % 2].merge(checkedFacts(of: file))
    }
    checkLint(facts: facts, files: files)
    return 0
}

/// One file of the input.
private struct FuzzFile {
    let path: String
    let source: String
    let bytes: [UInt8]
    /// Where each line's bytes are, without the line break; a file has at least one line.
    ///
    /// LF, CRLF and a lone CR each end a line, as in Swift.
    let lines: [Range<Int>]

    init(path: String, source: String) {
        self.path = path
        self.source = source
        bytes = Array(source.utf8)
        var lines: [Range<Int>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") else {
                index += 1
                continue
            }
            lines.append(start..<index)
            let isCRLF =
                byte == UInt8(ascii: "\r") && index + 1 < bytes.count
                && bytes[index + 1] == UInt8(ascii: "\n")
            index += isCRLF ? 2 : 1
            start = index
        }
        lines.append(start..<bytes.count)
        self.lines = lines
    }

    /// The start of the first occurrence of `needle` in `range`, if any.
    func firstIndex(of needle: [UInt8], in range: Range<Int>) -> Int? {
        guard !needle.isEmpty, range.count >= needle.count else { return nil }
        for start in range.lowerBound...(range.upperBound - needle.count)
        where bytes[start..<start + needle.count].elementsEqual(needle) {
            return start
        }
        return nil
    }
}

/// Stops the fuzzer with `message` when `condition` is false.
private func require(
    _ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line
) {
    guard !condition else { return }
    fatalError("fuzz invariant broken: \(message())", file: file, line: line)
}

private func isIdentifierStart(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
}

private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

private let operatorBytes = Set("/=-+!*%&|^~?".utf8)

/// The bytes that never make a punctuation token: whitespace, and those that start
/// another kind of token.
private let nonPunctuationBytes = Set(" \t\r\n\u{0B}\u{0C}\"`".utf8)

// MARK: Lexer

private func checkTokens(of file: FuzzFile) {
    let tokens = Lexer.tokenize(file.source)

    // Where the previous token's text was found: each token is looked for after it, on its
    // own line. The search may find an earlier copy (in a comment, say), which only makes
    // the bound weaker, never wrong.
    var cursor = 0
    var previousLine = 1
    for token in tokens {
        require(
            (1...file.lines.count).contains(token.line),
            "token \(token) is on line \(token.line) of a \(file.lines.count)-line file")
        require(token.line >= previousLine, "token \(token) comes before line \(previousLine)")
        previousLine = token.line
        let line = file.lines[token.line - 1]
        let searched = max(cursor, line.lowerBound)..<max(cursor, line.upperBound)
        let needle = checkShape(of: token)
        let found = needle.compactMap { file.firstIndex(of: $0, in: searched) }.min()
        require(found != nil, "\(token) is not on its line after the token before it")
        cursor = (found ?? 0) + (needle.count == 1 ? needle[0].count : 1)
    }

    let moved = Lexer.tokenize(movedSource(file))
    let expected = tokens.map { token in
        var token = token
        token.line += 1
        return token
    }
    require(
        moved == expected,
        "a byte-order mark and a newline in front changed more than the lines of \(file.path)'s tokens")

    let crlf = Lexer.tokenize(crlfSource(file))
    require(
        crlf.count == tokens.count && zip(crlf, tokens).allSatisfy(isSameIgnoringCarriageReturns),
        "CRLF line endings changed \(file.path)'s tokens")
}

/// The file with a byte-order mark and a newline in front.
///
/// It moves every token one line down: editors on Windows may write the mark, and Swift
/// ignores it. A file that starts with a mark keeps just the one, at the start.
private func movedSource(_ file: FuzzFile) -> String {
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
    let rest = file.bytes.starts(with: mark) ? file.bytes.dropFirst(mark.count) : file.bytes[...]
    return String(decoding: mark + [UInt8(ascii: "\n")] + rest, as: UTF8.self)
}

/// The file with CRLF line endings, as in a Windows checkout: every line break (LF, CRLF or
/// a lone CR) becomes CRLF, so the file keeps its lines.
private func crlfSource(_ file: FuzzFile) -> String {
    var result: [UInt8] = []
    for (index, line) in file.lines.enumerated() {
        result += file.bytes[line]
        if index < file.lines.count - 1 { result += [UInt8(ascii: "\r"), UInt8(ascii: "\n")] }
    }
    return String(decoding: result, as: UTF8.self)
}

/// Whether `crlf`, lexed from a file with CRLF line endings, is `lf` from the file with LF
/// ones, but for a string's value.
private func isSameIgnoringCarriageReturns(_ crlf: Token, _ lf: Token) -> Bool {
    var crlf = crlf
    if crlf.kind == .string { crlf.text = lf.text }
    return crlf == lf
}

/// Checks that `token`'s text has the shape its kind promises; returns the byte sequences
/// one of which starts the token in the source.
private func checkShape(of token: Token) -> [[UInt8]] {
    let text = Array(token.text.utf8)
    switch token.kind {
    case .word where token.isEscaped:
        require(
            !text.contains(UInt8(ascii: "`")) && !text.contains(UInt8(ascii: "\n"))
                && !text.contains(UInt8(ascii: "\r")),
            "escaped word \(token) contains a backtick or a line break")
        return [[UInt8(ascii: "`")] + text]
    case .word:
        require(
            text.first.map(isIdentifierStart) == true
                && text.allSatisfy { isIdentifierStart($0) || isDigit($0) },
            "word \(token) is not an identifier")
    case .number:
        require(
            text.first.map(isDigit) == true && !text.contains(UInt8(ascii: "\n")),
            "number \(token) does not start with a digit, or spans lines")
    case .symbol:
        let isOperator =
            !text.isEmpty && text.allSatisfy(operatorBytes.contains)
            && !zip(text, text.dropFirst()).contains {
                $0 == UInt8(ascii: "/") && ($1 == UInt8(ascii: "/") || $1 == UInt8(ascii: "*"))
            }
        require(isOperator, "symbol \(token) is not a run of operator characters")
    case .punctuation:
        let isMark =
            text.count == 1 && text[0] < 0x80 && !isIdentifierStart(text[0]) && !isDigit(text[0])
            && !nonPunctuationBytes.contains(text[0])
            && (text[0] == UInt8(ascii: "?") || !operatorBytes.contains(text[0]))
        require(isMark || token.text == "->", "punctuation \(token) is not one mark or ->")
    case .string:
        // A string literal starts with `"` or `#"`, a regex literal with `#/`.
        return [[UInt8(ascii: "\"")], [UInt8(ascii: "#")]]
    }
    return [text]
}

// MARK: Source scanner

/// Scans `file` and checks the facts; returns them.
private func checkedFacts(of file: FuzzFile) -> SourceFacts {
    let facts = SourceScanner.scan(file.source, file: file.path)

    let lineCount = file.lines.count
    for location in locations(in: facts) {
        require(
            location.file == file.path && (1...lineCount).contains(location.line),
            "fact at \(location) is outside \(file.path) (\(lineCount) lines)")
    }

    let moved = SourceScanner.scan(movedSource(file), file: file.path)
    require(
        moved == facts.movingLines(by: 1),
        "a byte-order mark and a newline in front changed more than the lines of \(file.path)'s facts")
    let crlf = SourceScanner.scan(crlfSource(file), file: file.path)
    require(
        crlf.erasingLiterals() == facts.erasingLiterals(),
        "CRLF line endings changed more than the string values in \(file.path)'s facts")
    return facts
}

private func locations(in facts: SourceFacts) -> [SourceLocation] {
    facts.declarations.map(\.location) + facts.conformances.map(\.location) + facts.idMembers.map(\.location)
        + facts.uses.map(\.location) + facts.scopeMembers.map(\.location)
        + facts.uses.compactMap(\.registeredAt)
        + facts.hostRegistrations.map(\.location) + facts.pluginLoaderUses
        + facts.typeDeclarations.map(\.location)
}

extension SourceFacts {
    /// These facts with every string value replaced by the empty string.
    fileprivate func erasingLiterals() -> SourceFacts {
        func erase(_ reference: IDReference) -> IDReference {
            if case .literal = reference { return .literal("") }
            return reference
        }
        var erased = self
        for index in erased.declarations.indices {
            erased.declarations[index].value = erase(erased.declarations[index].value)
        }
        for index in erased.idMembers.indices {
            erased.idMembers[index].reference = erased.idMembers[index].reference.map(erase)
        }
        for index in erased.uses.indices {
            erased.uses[index].reference = erase(erased.uses[index].reference)
            // A load's text shows its string arguments, whose values CRLF may change.
            if erased.uses[index].expression?.contains("\"") == true { erased.uses[index].expression = "" }
        }
        return erased
    }

    /// These facts with every line moved by `offset`.
    fileprivate func movingLines(by offset: Int) -> SourceFacts {
        var moved = self
        for index in moved.declarations.indices { moved.declarations[index].location.line += offset }
        for index in moved.conformances.indices { moved.conformances[index].location.line += offset }
        for index in moved.idMembers.indices { moved.idMembers[index].location.line += offset }
        for index in moved.uses.indices {
            moved.uses[index].location.line += offset
            moved.uses[index].registeredAt?.line += offset
        }
        for index in moved.hostRegistrations.indices {
            moved.hostRegistrations[index].location.line += offset
        }
        for index in moved.pluginLoaderUses.indices { moved.pluginLoaderUses[index].line += offset }
        for index in moved.scopeMembers.indices { moved.scopeMembers[index].location.line += offset }
        for index in moved.typeDeclarations.indices { moved.typeDeclarations[index].location.line += offset }
        return moved
    }
}

// MARK: Lint and reports

private func checkLint(facts: [SourceFacts], files: [FuzzFile]) {
    let modules = [
        InjectLint.Module(name: "FuzzCore", dependencies: [], facts: facts[0]),
        InjectLint.Module(name: "FuzzFeature", dependencies: ["FuzzCore"], facts: facts[1]),
    ]
    let report = InjectLint.run(modules)

    let lineCounts = Dictionary(uniqueKeysWithValues: files.map { ($0.path, $0.lines.count) })
    for diagnostic in report.diagnostics {
        for location in diagnostic.locations {
            require(
                lineCounts[location.file].map { (1...$0).contains(location.line) } == true,
                "diagnostic \(diagnostic.code) points at \(location), which is no line of the input")
        }
    }

    for format in ReportFormat.allCases {
        let rendered = format.render(report)
        require(!rendered.isEmpty, "the \(format) report is empty")
        if format == .json {
            let decoded = try? JSONDecoder().decode(LintReport.self, from: Data(rendered.utf8))
            require(decoded == report, "the JSON report does not decode to the report")
        }
    }
    for (index, module) in modules.enumerated() {
        let generator = RegistrationGenerator(moduleName: module.name, facts: facts[index])
        require(
            generator.registered.count + generator.skipped.count <= facts[index].conformances.count,
            "the generator registers or skips more types than \(module.name) declares")
        _ = generator.source
    }
}
