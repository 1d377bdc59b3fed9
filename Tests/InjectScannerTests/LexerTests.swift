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
}
