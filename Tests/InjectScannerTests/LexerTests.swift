import Testing

@testable import DependencyContainerInjectScanner

@Suite("Lexer")
struct LexerTests {
    private func words(_ source: String) -> [String] {
        Lexer.tokenize(source).filter { $0.kind == .word }.map(\.text)
    }

    @Test("Line and nested block comments are dropped")
    func comments() {
        let source = """
            a // b c
            /* d /* e */ f */ g
            """
        #expect(words(source) == ["a", "g"])
    }

    @Test("String literals are one token holding their value")
    func strings() {
        let tokens = Lexer.tokenize(#"x = "enum P: InjectProvider {}" + "a\"b\u{41}""#)
        let strings = tokens.filter { $0.kind == .string }.map(\.text)
        #expect(strings == ["enum P: InjectProvider {}", "a\"bA"])
        #expect(words(#"x = "class Y""#) == ["x"])
    }

    @Test("Multi-line strings keep lines counted and lose their indentation")
    func multiline() {
        let source = "let s = \"\"\"\n    class Hidden {}\n      two\n    \"\"\"\nlet after = 1"
        let tokens = Lexer.tokenize(source)
        #expect(tokens.first { $0.kind == .string }?.text == "class Hidden {}\n  two")
        #expect(tokens.last { $0.text == "after" }?.line == 5)
        #expect(!words(source).contains("Hidden"))
    }

    @Test("Raw strings end only at a quote followed by their hashes")
    func rawStrings() {
        let source = ###"a = #"x "class B" \(c) "# ; d = ##"e "# f"## ; g"###
        #expect(words(source) == ["a", "d", "g"])
    }

    @Test("Interpolations may hold strings, parentheses and comments")
    func interpolation() {
        let source = #"a = "\(f("class X)", (1))) /* \("y") */ end" ; b"#
        let tokens = Lexer.tokenize(source)
        #expect(words(source) == ["a", "b"])
        #expect(tokens.first { $0.kind == .string }?.isEscaped == true)
    }

    @Test("Backticked identifiers are words that never match a keyword")
    func escapedIdentifiers() {
        let token = Lexer.tokenize("`class`")[0]
        #expect(token.text == "class")
        #expect(!token.isKeyword("class"))
        #expect(token.isIdentifier)
    }

    @Test("#if false is skipped; other branches are kept with their conditions")
    func conditionalCompilation() {
        let source = """
            #if false
            a
            #elseif os(Linux)
            b
            #else
            c
            #endif
            #if true
            d
            #else
            e
            #endif
            f
            """
        let tokens = Lexer.tokenize(source).filter { $0.kind == .word }
        #expect(tokens.map(\.text) == ["b", "c", "d", "f"])
        #expect(tokens[0].conditions == ["!(false) && (os(Linux))"])
        #expect(tokens[1].conditions == ["!(false) && !(os(Linux))"])
        #expect(tokens[2].conditions == ["(true)"])
        #expect(tokens[3].conditions.isEmpty)
    }

    @Test("The optional marker flags the next token only")
    func optionalMarker() {
        let tokens = Lexer.tokenize("// inject-lint: optional\npublic static var x\nvar y")
        #expect(tokens.filter(\.isMarkedOptional).map(\.text) == ["public"])
    }

    @Test("Operators: -> and < > are separate, other runs stay together")
    func punctuation() {
        let texts = Lexer.tokenize("a<B<C>>->d==e").map(\.text)
        #expect(texts == ["a", "<", "B", "<", "C", ">", ">", "->", "d", "==", "e"])
    }

    @Test("Regex literals with quotes do not open a string")
    func regex() {
        #expect(words(##"r = #/"(class)/# ; s"##) == ["r", "s"])
    }

    /// The line of the last token whose text is `text`.
    private func line(of text: String, in source: String) -> Int? {
        Lexer.tokenize(source).last { $0.text == text }?.line
    }

    // Found by the fuzzer (.ci/fuzz): the newline ending an unterminated literal was counted
    // twice, so every later token was reported one line too far down.
    @Test("An unterminated string ends at its line's end, which is counted once")
    func unterminatedString() {
        #expect(line(of: "}", in: "\"\n}") == 2)
        #expect(line(of: "struct", in: "let a = \"open\nstruct B {}\nlet c") == 2)
        #expect(line(of: "c", in: "let a = \"open\nstruct B {}\nlet c") == 3)
        #expect(line(of: "y", in: "x = \"\\(f(\"open\n))\"\ny") == 3)
    }

    // Found by the fuzzer (.ci/fuzz): a `\u{` escape without its `}` swallowed the newline
    // after it uncounted, so later tokens were reported a line too high, or not at all.
    @Test("An unterminated \\u{ escape leaves the newline after it to end the line")
    func unterminatedUnicodeEscape() {
        #expect(Lexer.tokenize("\"\\u{\n\"}").map(\.line) == [1, 2])
        #expect(line(of: "struct", in: "let a = \"\\u{41\nstruct B {}") == 2)
        #expect(line(of: "struct", in: "let a = \"\"\"\n\\u{41\nx\n\"\"\"\nstruct B {}") == 5)
    }

    @Test("A byte-order mark at the start of a file is no token")
    func byteOrderMark() {
        #expect(Lexer.tokenize("\u{FEFF}struct A").map(\.text) == ["struct", "A"])
        #expect(Lexer.tokenize("a \u{FEFF}").map(\.text) == ["a", "\u{FEFF}"])
    }

    // Found by the fuzzer (.ci/fuzz): with CRLF line endings, a backticked name left open held
    // the carriage return; with LF ones, a backslash ending a single-line string's line
    // continued the string onto the next line.
    @Test("CRLF line endings give the tokens LF ones give, but for string values")
    func crlfLineEndings() {
        let lf = "load(.`open\nlet s = \"a\\\nstruct B {}"
        let crlf = "load(.`open\r\nlet s = \"a\\\r\nstruct B {}"
        let tokens = { (source: String) in Lexer.tokenize(source).filter { $0.kind != .string } }
        #expect(tokens(crlf) == tokens(lf))
        #expect(line(of: "struct", in: lf) == 3)
    }
}

@Suite("Lexer: whitespace and line endings the fuzzer found")
struct LexerLineEndingTests {
    private func line(of text: String, in source: String) -> Int? {
        Lexer.tokenize(source).last { $0.text == text }?.line
    }

    @Test("CR-only line endings count lines and end line comments and #if lines")
    func carriageReturnOnly() {
        let source = "// comment\rstruct A {}\r#if os(Linux)\rlet b = 1\r#endif\rlet c"
        #expect(Lexer.tokenize(source).map(\.text).prefix(2) == ["struct", "A"])
        #expect(line(of: "A", in: source) == 2)
        #expect(line(of: "b", in: source) == 4)
        #expect(Lexer.tokenize(source).first { $0.text == "b" }?.conditions == ["(os(Linux))"])
        #expect(line(of: "c", in: source) == 6)
        #expect(Lexer.tokenize("\"\"\"\r  a\r  b\r  \"\"\"")[0].text == "a\nb")
    }

    @Test("Form feed and vertical tab separate tokens like spaces")
    func formFeedAndVerticalTab() {
        #expect(Lexer.tokenize("struct\u{0C}A\u{0B}{}").map(\.text) == ["struct", "A", "{", "}"])
        let facts = SourceScanner.scan(
            "enum\u{0C}ToastProvider:\u{0B}InjectProvider {}", file: "F.swift")
        #expect(facts.conformances.map(\.typeName) == ["ToastProvider"])
    }

    @Test("A multi-line string's line ending in a backslash joins the next, and lines stay counted")
    func continuedMultilineString() {
        let source = "let s = \"\"\"\n    Toast\\\n    InjectID\n    \"\"\"\nstruct B {}"
        #expect(Lexer.tokenize(source).first { $0.kind == .string }?.text == "ToastInjectID")
        #expect(line(of: "B", in: source) == 5)
        let last = "let s = \"\"\"\n    a\\\n    \"\"\"\nstruct B {}"
        #expect(Lexer.tokenize(last).first { $0.kind == .string }?.text == "a")
        #expect(line(of: "B", in: last) == 4)
    }
}
