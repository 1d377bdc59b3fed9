/// One token of Swift source, as far as the scanner needs to tell tokens apart.
public struct Token: Equatable, Sendable {
    /// What sort of token it is.
    public enum Kind: Equatable, Sendable {
        /// A word: an identifier or a keyword. Backticked identifiers are words too, but
        /// ``Token/isEscaped`` is set so they never match a keyword.
        case word
        /// A string literal; the text is its value when it has no interpolation.
        case string
        /// A number literal.
        case number
        /// A single punctuation character (`{`, `(`, `.`, `<`, …) or `->`.
        case punctuation
        /// A run of operator characters other than `<` and `>`.
        case symbol
    }

    /// What sort of token it is.
    public var kind: Kind
    /// The token's text; for a string literal, its decoded value.
    public var text: String
    /// The 1-based line the token starts on.
    public var line: Int
    /// Whether a backticked identifier, or a string literal with interpolation.
    public var isEscaped = false
    /// Whether an `inject-lint: optional` comment came right before this token.
    public var isMarkedOptional = false
    /// Whether an `inject-lint: override` comment came right before this token.
    public var isMarkedOverride = false
    /// The `#if` conditions the token is under, outermost first; empty when unconditional.
    public var conditions: [String] = []

    /// Creates a token.
    ///
    /// - Parameters:
    ///   - kind: What sort of token it is.
    ///   - text: Its text or value.
    ///   - line: The 1-based line it starts on.
    public init(_ kind: Kind, _ text: String, line: Int) {
        self.kind = kind
        self.text = text
        self.line = line
    }

    /// Whether the token is the unescaped word `keyword`.
    ///
    /// - Parameter keyword: The keyword to compare with.
    /// - Returns: `true` for a match.
    public func isKeyword(_ keyword: String) -> Bool {
        kind == .word && !isEscaped && text == keyword
    }

    /// Whether the token is the punctuation `mark`.
    ///
    /// - Parameter mark: The punctuation to compare with.
    /// - Returns: `true` for a match.
    public func isPunctuation(_ mark: String) -> Bool {
        kind == .punctuation && text == mark
    }

    /// Whether the token is a plain identifier: a word that is no declaration keyword.
    public var isIdentifier: Bool {
        kind == .word && (isEscaped || !Token.reservedWords.contains(text))
    }

    private static let reservedWords: Set<String> = [
        "class", "struct", "enum", "actor", "protocol", "extension", "func", "init", "deinit",
        "var", "let", "static", "subscript", "typealias", "case", "return", "import", "where",
        "if", "else", "for", "while", "switch", "in", "do", "catch", "throw", "throws", "try",
        "guard", "defer", "repeat", "break", "continue", "fallthrough", "operator", "macro",
    ]
}
