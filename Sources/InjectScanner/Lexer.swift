/// Splits Swift source into ``Token``s, dropping comments and reading string literals whole,
/// so that nothing inside a comment or a string can look like a declaration.
///
/// It handles nested `/* */` comments, `"…"`, `"""…"""` and raw `#"…"#` strings with
/// interpolation (whose contents are skipped), `#/…/#` regex literals, and `#if` blocks.
///
/// `#if` policy: every branch is scanned, because a registry check should hold for every
/// platform and configuration, and each token records the conditions it sits under so the
/// generated registration can repeat them. The exception is dead code: a branch whose
/// condition is literally `false` (or `0`), and any branch after a literal `true`, is
/// skipped.
public struct Lexer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var tokens: [Token] = []
    private var pendingOptional = false
    private var pendingOverride = false
    private var lineHasCode = false
    private var frames: [ConditionFrame] = []

    /// The comment text that marks the next ID declaration as optional.
    public static let optionalMarker = "inject-lint: optional"

    /// The comment text that marks the next registration, or the next block's registrations,
    /// as overrides rather than providers.
    public static let overrideMarker = "inject-lint: override"

    private struct ConditionFrame {
        var previous: [String] = []
        var current: String
        var skipping: Bool
        var sawTrue: Bool

        /// The branch's condition as one Swift expression: earlier branches false, this one true.
        var condition: String {
            let earlier = previous.map { "!(\($0))" }
            return (earlier + (current.isEmpty ? [] : ["(\(current))"])).joined(separator: " && ")
        }
    }

    /// Creates a lexer over `source`.
    ///
    /// - Parameter source: Swift source text.
    public init(source: String) {
        bytes = Lexer.normalizingLineBreaks(Array(source.utf8))
        // Swift ignores a byte-order mark at the start of a file, which editors on Windows may
        // write; read as a word, it would hide the file's first declaration.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// Returns every token of `source`.
    ///
    /// - Parameter source: Swift source text.
    /// - Returns: The tokens, in order.
    public static func tokenize(_ source: String) -> [Token] {
        var lexer = Lexer(source: source)
        return lexer.run()
    }

    private mutating func run() -> [Token] {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
                lineHasCode = false
            // Swift's whitespace includes form feed and vertical tab, which some generated
            // sources use as page breaks.
            case UInt8(ascii: " "), UInt8(ascii: "\t"), Lexer.formFeed, Lexer.verticalTab:
                index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                lineComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                blockComment()
            case UInt8(ascii: "#") where !lineHasCode && directiveWord() != nil:
                directive()
            case UInt8(ascii: "\""):
                stringLiteral()
            case UInt8(ascii: "#") where startsString():
                stringLiteral()
            case UInt8(ascii: "#") where peek(1) == UInt8(ascii: "/"):
                regexLiteral()
            case UInt8(ascii: "`"):
                escapedIdentifier()
            case _ where isIdentifierStart(byte):
                word()
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                number()
            default:
                punctuation()
            }
        }
        return tokens
    }

    // MARK: Reading

    private static let formFeed: UInt8 = 0x0C
    private static let verticalTab: UInt8 = 0x0B

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private func isIdentifierStart(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    private func isIdentifierPart(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private mutating func emit(_ kind: Token.Kind, _ text: String, line: Int, escaped: Bool = false) {
        lineHasCode = true
        if frames.contains(where: \.skipping) { return }
        var token = Token(kind, text, line: line)
        token.isEscaped = escaped
        token.isMarkedOptional = pendingOptional
        token.isMarkedOverride = pendingOverride
        token.conditions = frames.map(\.condition)
        pendingOptional = false
        pendingOverride = false
        tokens.append(token)
    }

    // MARK: Comments

    private mutating func lineComment() {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        noteComment(text(start..<index))
    }

    private mutating func blockComment() {
        let start = index
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { break }
            } else {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
        }
        noteComment(text(start..<index))
    }

    private mutating func noteComment(_ comment: String) {
        guard !frames.contains(where: \.skipping) else { return }
        if comment.contains(Lexer.optionalMarker) { pendingOptional = true }
        if comment.contains(Lexer.overrideMarker) { pendingOverride = true }
    }

    // MARK: Conditional compilation

    private func directiveWord() -> String? {
        var end = index + 1
        while end < bytes.count, isIdentifierPart(bytes[end]) { end += 1 }
        let word = text(index + 1..<end)
        return ["if", "elseif", "else", "endif"].contains(word) ? word : nil
    }

    private mutating func directive() {
        guard let word = directiveWord() else { return }
        index += 1 + word.utf8.count
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*")
            {
                break
            }
            index += 1
        }
        let condition = text(start..<index).trimmingWhitespace()
        switch word {
        case "if":
            frames.append(
                ConditionFrame(
                    current: condition, skipping: Lexer.isFalse(condition), sawTrue: Lexer.isTrue(condition)))
        case "elseif":
            guard var frame = frames.popLast() else { return }
            frame.previous.append(frame.current)
            frame.current = condition
            frame.skipping = frame.sawTrue || Lexer.isFalse(condition)
            frame.sawTrue = frame.sawTrue || Lexer.isTrue(condition)
            frames.append(frame)
        case "else":
            guard var frame = frames.popLast() else { return }
            frame.previous.append(frame.current)
            frame.current = ""
            frame.skipping = frame.sawTrue
            frames.append(frame)
        default:
            _ = frames.popLast()
        }
    }

    private static func isFalse(_ condition: String) -> Bool { condition == "false" || condition == "0" }
    private static func isTrue(_ condition: String) -> Bool { condition == "true" || condition == "1" }

    // MARK: Literals

    private func startsString() -> Bool {
        var offset = 0
        while peek(offset) == UInt8(ascii: "#") { offset += 1 }
        return peek(offset) == UInt8(ascii: "\"")
    }

    private mutating func stringLiteral() {
        let startLine = line
        var hashes = 0
        while bytes[index] == UInt8(ascii: "#") {
            hashes += 1
            index += 1
        }
        let multiline = peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        let quotes = multiline ? 3 : 1
        var value: [UInt8] = []
        // The value's lines (counted from 0) that end in a backslash: Swift joins each to the
        // next, without the line break.
        var continued: Set<Int> = []
        var interpolated = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\""), closes(quotes: quotes, hashes: hashes) {
                index += quotes + hashes
                break
            }
            if byte == UInt8(ascii: "\\"), hasHashes(hashes, at: index + 1) {
                index += 1 + hashes
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                if escaped == UInt8(ascii: "(") {
                    interpolated = true
                    skipInterpolation()
                    continue
                }
                if escaped == UInt8(ascii: "\n") {
                    // A backslash at a line's end continues only a multi-line literal; an
                    // unterminated single-line one ends at the newline, which the caller counts.
                    if !multiline { break }
                    line += 1
                    continued.insert(value.lazy.filter { $0 == UInt8(ascii: "\n") }.count)
                }
                value.append(contentsOf: unescape(escaped))
                index += 1
                continue
            }
            if byte == UInt8(ascii: "\n") {
                // An unterminated single-line literal ends at the newline, which the caller counts.
                if !multiline { break }
                line += 1
            }
            value.append(byte)
            index += 1
        }
        var literal = String(decoding: value, as: UTF8.self)
        if multiline { literal = Lexer.trimMultiline(literal, continued: continued) }
        emit(.string, literal, line: startLine, escaped: interpolated)
    }

    private func closes(quotes: Int, hashes: Int) -> Bool {
        for offset in 0..<quotes where peek(offset) != UInt8(ascii: "\"") { return false }
        return hasHashes(hashes, at: index + quotes)
    }

    private func hasHashes(_ count: Int, at position: Int) -> Bool {
        guard position + count <= bytes.count else { return false }
        return bytes[position..<position + count].allSatisfy { $0 == UInt8(ascii: "#") }
    }

    private mutating func unescape(_ escaped: UInt8) -> [UInt8] {
        switch escaped {
        case UInt8(ascii: "n"): return [UInt8(ascii: "\n")]
        case UInt8(ascii: "t"): return [UInt8(ascii: "\t")]
        case UInt8(ascii: "r"): return [UInt8(ascii: "\r")]
        case UInt8(ascii: "0"): return [0]
        case UInt8(ascii: "u") where peek(1) == UInt8(ascii: "{"):
            var end = index + 2
            while end < bytes.count, bytes[end] != UInt8(ascii: "}"), bytes[end] != UInt8(ascii: "\n") {
                end += 1
            }
            let hex = text(index + 2..<end)
            // The caller steps past the escape's last byte: the `}`, or when there is none, the
            // byte before the newline, which must stay for the caller to see and count.
            let isClosed = end < bytes.count && bytes[end] == UInt8(ascii: "}")
            index = isClosed ? end : end - 1
            guard let scalar = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) else { return [] }
            return Array(String(Character(scalar)).utf8)
        default: return [escaped]
        }
    }

    /// Skips `\( … )`, which may hold nested parentheses, strings and comments.
    private mutating func skipInterpolation() {
        index += 1
        var depth = 1
        while index < bytes.count, depth > 0 {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && startsString()) {
                let saved = tokens.count
                stringLiteral()
                tokens.removeSubrange(saved...)
                continue
            }
            if byte == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                blockComment()
                continue
            }
            if byte == UInt8(ascii: "(") { depth += 1 }
            if byte == UInt8(ascii: ")") { depth -= 1 }
            if byte == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
    }

    private mutating func regexLiteral() {
        let startLine = line
        index += 2
        while index < bytes.count, !(bytes[index] == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "#")) {
            if bytes[index] == UInt8(ascii: "\\") { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        index = min(index + 2, bytes.count)
        emit(.string, "", line: startLine, escaped: true)
    }

    // MARK: Words, numbers, punctuation

    private mutating func word() {
        let start = index
        while index < bytes.count, isIdentifierPart(bytes[index]) { index += 1 }
        emit(.word, text(start..<index), line: line)
    }

    private mutating func escapedIdentifier() {
        let start = index + 1
        index += 1
        // A backticked name never spans lines; one left open ends before the line break, CR or LF.
        while index < bytes.count,
            ![UInt8(ascii: "`"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[index])
        {
            index += 1
        }
        let name = text(start..<index)
        if index < bytes.count, bytes[index] == UInt8(ascii: "`") { index += 1 }
        emit(.word, name, line: line, escaped: true)
    }

    private mutating func number() {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let fraction =
                byte == UInt8(ascii: ".")
                && peek(1).map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
                    == true
            guard isIdentifierPart(byte) || fraction else { break }
            index += fraction ? 2 : 1
        }
        emit(.number, text(start..<index), line: line)
    }

    private static let operatorCharacters = Set("/=-+!*%&|^~?".utf8)

    private mutating func punctuation() {
        let byte = bytes[index]
        if byte == UInt8(ascii: "-"), peek(1) == UInt8(ascii: ">") {
            index += 2
            emit(.punctuation, "->", line: line)
            return
        }
        if Lexer.operatorCharacters.contains(byte), byte != UInt8(ascii: "?") || peek(1) == UInt8(ascii: "?")
        {
            let start = index
            while index < bytes.count, Lexer.operatorCharacters.contains(bytes[index]) {
                if bytes[index] == UInt8(ascii: "/"),
                    peek(1) == UInt8(ascii: "/") || peek(1) == UInt8(ascii: "*")
                {
                    break
                }
                index += 1
            }
            emit(.symbol, text(start..<index), line: line)
            return
        }
        index += 1
        emit(.punctuation, text(index - 1..<index), line: line)
    }
}
