/// Finds ID declarations, provider conformances, `id` members and ID uses in one file's tokens.
///
/// It recognises the shapes the container's API is used in rather than parsing Swift fully:
/// declarations of types and extensions (with generics, attributes and `where` clauses),
/// `static var/let` members initialised with `InjectID(…)`, seed constants named
/// `…InjectID`, and calls `load(`, `require(`, `loadAsync(`, `requireAsync(`, `Injected(`,
/// `register(` and `registerOnMainActor(` whose first argument names an ID.
public struct SourceScanner {
    private enum Scope {
        case type(String, isProtocol: Bool)
        case function(String)
        case control
        case other
    }

    private let tokens: [Token]
    private let file: String
    private var facts = SourceFacts()
    private var scopes: [Scope] = []
    private var pendingScope: Scope?
    private var optionalPending = false

    private static let typeKeywords: Set<String> = [
        "class", "struct", "enum", "actor", "protocol", "extension",
    ]
    private static let controlKeywords: Set<String> = [
        "if", "guard", "for", "while", "switch", "do", "else", "repeat", "catch", "defer",
    ]
    /// Calls whose first argument may name an ID.
    private static let useWords: Set<String> = [
        "load", "require", "loadAsync", "requireAsync", "Injected", "register", "registerOnMainActor",
        "contribute",
    ]
    private static let declarationEnds: Set<String> = [
        "var", "let", "func", "init", "static", "case", "subscript", "typealias", "class", "struct", "enum",
    ]

    /// Creates a scanner over `tokens` from `file`.
    ///
    /// - Parameters:
    ///   - tokens: The file's tokens, from ``Lexer``.
    ///   - file: The file's path, for locations.
    public init(tokens: [Token], file: String) {
        self.tokens = tokens
        self.file = file
    }

    /// Scans Swift `source` from `file`.
    ///
    /// - Parameters:
    ///   - source: The file's text.
    ///   - file: The file's path, for locations.
    /// - Returns: What the file declares and uses.
    public static func scan(_ source: String, file: String) -> SourceFacts {
        var scanner = SourceScanner(tokens: Lexer.tokenize(source), file: file)
        return scanner.run()
    }

    private mutating func run() -> SourceFacts {
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.isMarkedOptional { optionalPending = true }
            switch token.kind {
            case .punctuation where token.text == "{":
                scopes.append(pendingScope ?? .other)
                pendingScope = nil
            case .punctuation where token.text == "}":
                _ = scopes.popLast()
                pendingScope = nil
            case .word where !token.isEscaped:
                scanWord(at: index)
            default:
                break
            }
            index += 1
        }
        return facts
    }

    private func token(_ index: Int) -> Token? {
        index >= 0 && index < tokens.count ? tokens[index] : nil
    }

    private func location(_ index: Int) -> SourceLocation {
        SourceLocation(file: file, line: tokens[index].line)
    }

    private mutating func scanWord(at index: Int) {
        let word = tokens[index].text
        if SourceScanner.typeKeywords.contains(word), token(index + 1)?.isIdentifier == true {
            optionalPending = false
            typeHeader(at: index)
        } else if word == "func" || word == "init" {
            optionalPending = false
            pendingScope = .function(word == "init" ? "init" : token(index + 1)?.text ?? "")
        } else if SourceScanner.controlKeywords.contains(word) {
            pendingScope = .control
        } else if word == "var" || word == "let", let name = token(index + 1), name.isIdentifier {
            let isOptional = optionalPending
            optionalPending = false
            variable(named: name.text, at: index + 1, isOptional: isOptional)
        } else if SourceScanner.useWords.contains(word),
            token(index + 1)?.isPunctuation("(") == true, token(index - 1)?.isKeyword("func") != true
        {
            use(word, at: index)
        }
    }

    // MARK: Types

    private var enclosingTypeName: String? {
        guard case .type(let name, _) = scopes.last else { return nil }
        return name
    }

    private var isInsideCode: Bool {
        scopes.contains {
            if case .type = $0 { return false }
            return true
        }
    }

    private mutating func typeHeader(at start: Int) {
        let keyword = tokens[start].text
        var index = start + 1
        var name = tokens[index].text
        while token(index + 1)?.isPunctuation(".") == true, let part = token(index + 2), part.isIdentifier {
            name += "." + part.text
            index += 2
        }
        index += 1
        var isGeneric = false
        if token(index)?.isPunctuation("<") == true {
            isGeneric = true
            index = skipGenerics(from: index)
        }
        var inherited: [String] = []
        if token(index)?.isPunctuation(":") == true {
            var depth = 0
            index += 1
            while let next = token(index), !next.isPunctuation("{"), !(depth == 0 && next.isKeyword("where"))
            {
                if next.isPunctuation("<") || next.isPunctuation("(") { depth += 1 }
                if next.isPunctuation(">") || next.isPunctuation(")") { depth -= 1 }
                if depth == 0, next.kind == .word { inherited.append(next.text) }
                index += 1
            }
        }
        let qualified = keyword == "extension" ? name : (enclosingTypeName.map { "\($0).\(name)" } ?? name)
        pendingScope = .type(qualified, isProtocol: keyword == "protocol")
        guard keyword != "protocol" else { return }
        let kinds = inherited.compactMap(ProviderConformance.Kind.init(rawValue:))
        let modifiers = (max(0, start - 4)..<start).compactMap { token($0)?.text }
        let isHidden = modifiers.contains("private") || modifiers.contains("fileprivate") || isInsideCode
        for kind in Set(kinds).sorted(by: { $0.rawValue < $1.rawValue }) {
            facts.conformances.append(
                ProviderConformance(
                    typeName: qualified, kind: kind, isGeneric: isGeneric, isHidden: isHidden,
                    conditions: tokens[start].conditions, location: location(start)))
        }
    }

    /// Returns the index after the `>` that closes the `<` at `start`.
    private func skipGenerics(from start: Int) -> Int {
        var depth = 0
        var index = start
        while let next = token(index) {
            if next.isPunctuation("<") { depth += 1 }
            if next.isPunctuation(">") { depth -= 1 }
            index += 1
            if depth == 0 || next.isPunctuation("{") { break }
        }
        return index
    }

    // MARK: Variables

    private mutating func variable(named name: String, at nameIndex: Int, isOptional: Bool) {
        let modifiers = (max(0, nameIndex - 5)..<nameIndex - 1).compactMap { token($0) }
        let isStatic = modifiers.contains { $0.isKeyword("static") || $0.isKeyword("class") }
        if name == "id", let typeName = enclosingTypeName {
            facts.idMembers.append(
                IDMember(
                    typeName: typeName, reference: idExpression(after: nameIndex),
                    location: location(nameIndex)))
        } else if isStatic, let call = typedIDValue(after: nameIndex) {
            facts.declarations.append(
                IDDeclaration(
                    name: name, isTyped: true, value: call.reference,
                    isOptional: isOptional || call.isOptional,
                    location: location(nameIndex), isExtensionPoint: call.isExtensionPoint))
        } else if name.hasSuffix("InjectID"), let value = seedValue(after: nameIndex) {
            facts.declarations.append(
                IDDeclaration(
                    name: name, isTyped: false, value: .literal(value), isOptional: isOptional,
                    location: location(nameIndex)))
        }
    }

    /// The `InjectID(…)`, `ArgumentInjectID(…)` or `ExtensionPoint(…)` that initialises a
    /// static member, if any.
    private func typedIDValue(after nameIndex: Int) -> IDCall? {
        var depth = 0
        var index = nameIndex + 1
        while let next = token(index), index < nameIndex + 60 {
            if next.isPunctuation("{") || next.isPunctuation("(") { depth += 1 }
            if next.isPunctuation("}") || next.isPunctuation(")") {
                depth -= 1
                if depth < 0 { return nil }
            }
            if next.kind == .word, !next.isEscaped, SourceScanner.declarationEnds.contains(next.text) {
                return nil
            }
            if SourceScanner.idTypes.contains(next.text), next.kind == .word, !next.isEscaped,
                let call = injectIDCall(at: index)
            {
                return call
            }
            index += 1
        }
        return nil
    }

    /// The ID types whose initializers take the ID's string.
    private static let idTypes: Set<String> = ["InjectID", "ArgumentInjectID", "ExtensionPoint"]

    /// An ID initializer call: what it names, and for an extension point, whether it is optional.
    private struct IDCall {
        var reference: IDReference
        var end: Int
        var isExtensionPoint = false
        var isOptional = false
    }

    /// Reads `InjectID("…")`, `InjectID<T>(constant)`, `InjectID(type: T.self)`,
    /// `ArgumentInjectID("…")` or `ExtensionPoint("…", optional: true)` at `index`.
    private func injectIDCall(at index: Int) -> IDCall? {
        let isExtensionPoint = token(index)?.text == "ExtensionPoint"
        var next = index + 1
        if token(next)?.isPunctuation("<") == true { next = skipGenerics(from: next) }
        guard token(next)?.isPunctuation("(") == true, let argument = token(next + 1) else { return nil }
        if argument.isKeyword("type"), token(next + 2)?.isPunctuation(":") == true,
            let (name, end) = typeKeyedName(from: next + 3)
        {
            return IDCall(reference: .typeKeyed(name), end: end)
        }
        var end = next + 2
        var isOptional = false
        if isExtensionPoint, token(end)?.isPunctuation(",") == true,
            token(end + 1)?.isKeyword("optional") == true,
            token(end + 2)?.isPunctuation(":") == true, let value = token(end + 3)
        {
            isOptional = value.isKeyword("true")
            end += 4
        }
        guard token(end)?.isPunctuation(")") == true else { return nil }
        let reference: IDReference
        if argument.kind == .string, !argument.isEscaped {
            reference = .literal(argument.text)
        } else if argument.isIdentifier {
            reference = .constant(argument.text)
        } else {
            return nil
        }
        return IDCall(
            reference: reference, end: end + 1, isExtensionPoint: isExtensionPoint, isOptional: isOptional)
    }

    /// The name a type-keyed ID `InjectID(type: (any ToastInject).self)` derives, the type as
    /// written without outer parentheses (`any ToastInject`), and the index after the call.
    private func typeKeyedName(from start: Int) -> (String, Int)? {
        var index = start
        var parts: [Token] = []
        while let next = token(index), index < start + 40 {
            if next.isPunctuation("."), token(index + 1)?.isKeyword("self") == true,
                token(index + 2)?.isPunctuation(")") == true
            {
                if parts.first?.isPunctuation("(") == true, parts.last?.isPunctuation(")") == true {
                    parts = Array(parts.dropFirst().dropLast())
                }
                var name = ""
                for (offset, part) in parts.enumerated() {
                    if offset > 0, part.kind == .word, parts[offset - 1].kind == .word { name += " " }
                    name += part.text
                }
                return name.isEmpty ? nil : (name, index + 3)
            }
            parts.append(next)
            index += 1
        }
        return nil
    }

    /// The string a seed constant is initialised with: `let xInjectID[: String] = "…"`.
    private func seedValue(after nameIndex: Int) -> String? {
        var index = nameIndex + 1
        if token(index)?.isPunctuation(":") == true, token(index + 1)?.isKeyword("String") == true {
            index += 2
        }
        guard token(index)?.kind == .symbol, token(index)?.text == "=", let value = token(index + 1),
            value.kind == .string, !value.isEscaped
        else { return nil }
        return value.text
    }

    /// What an `id` member returns: `{ .toast }`, `= "…"`, `{ InjectID("…") }`, `= toastInjectID`.
    private func idExpression(after nameIndex: Int) -> IDReference? {
        var index = nameIndex + 1
        var depth = 0
        while let next = token(index) {
            if next.isPunctuation("<") { depth += 1 }
            if next.isPunctuation(">") { depth -= 1 }
            if depth == 0, next.isPunctuation("{") || (next.kind == .symbol && next.text == "=") { break }
            if next.isPunctuation("}")
                || next.kind == .word && SourceScanner.declarationEnds.contains(next.text)
            {
                return nil
            }
            index += 1
        }
        let isBody = token(index)?.isPunctuation("{") == true
        index += 1
        if token(index)?.isKeyword("return") == true { index += 1 }
        guard let first = token(index) else { return nil }
        let ends: (Int) -> Bool = { end in
            guard let after = self.token(end) else { return true }
            if isBody { return after.isPunctuation("}") }
            return
                !(after.isPunctuation(".") || after.isPunctuation("(") || after.isPunctuation("[")
                || after.isPunctuation("?") || after.kind == .symbol)
        }
        if first.isPunctuation("."), let member = token(index + 1), member.isIdentifier, ends(index + 2) {
            return .member(member.text)
        }
        if first.kind == .string, !first.isEscaped, ends(index + 1) { return .literal(first.text) }
        if SourceScanner.idTypes.contains(first.text), first.kind == .word,
            let call = injectIDCall(at: index), ends(call.end)
        {
            return call.reference
        }
        if first.isIdentifier, ends(index + 1) { return .constant(first.text) }
        return nil
    }

    // MARK: Uses

    private mutating func use(_ word: String, at index: Int) {
        let open = index + 1
        var reference: IDReference?
        if token(open + 1)?.isPunctuation(".") == true, let member = token(open + 2), member.isIdentifier,
            token(open + 3)?.isPunctuation("(") != true
        {
            reference = .member(member.text)
        } else if word == "load", token(open + 1)?.isKeyword("for") == true,
            token(open + 2)?.isPunctuation(":") == true, let argument = token(open + 3)
        {
            if argument.kind == .string, !argument.isEscaped { reference = .literal(argument.text) }
            if argument.isIdentifier, token(open + 4)?.isPunctuation(")") == true {
                reference = .constant(argument.text)
            }
        } else if let first = token(open + 1), first.kind == .word, SourceScanner.idTypes.contains(first.text)
        {
            reference = injectIDCall(at: open + 1)?.reference
        } else if word == "contribute", token(open + 1)?.isKeyword("to") == true,
            token(open + 2)?.isPunctuation(":") == true
        {
            if token(open + 3)?.isPunctuation(".") == true, let member = token(open + 4), member.isIdentifier,
                token(open + 5)?.isPunctuation("(") != true
            {
                reference = .member(member.text)
            } else if let first = token(open + 3), first.kind == .word,
                SourceScanner.idTypes.contains(first.text)
            {
                reference = injectIDCall(at: open + 3)?.reference
            }
        }
        guard let reference else { return }
        facts.uses.append(
            IDUse(
                kind: word.hasPrefix("register") || word == "contribute" ? .register : .load,
                reference: reference,
                eagerIn: eagerProvider,
                location: location(index)))
    }

    /// The type whose `make(with:)` body the scanner is in, outside any closure.
    private var eagerProvider: String? {
        let significant = scopes.reversed().filter {
            if case .control = $0 { return false }
            return true
        }
        guard significant.count >= 2, case .function("make") = significant[0],
            case .type(let name, _) = significant[1]
        else { return nil }
        return name
    }
}
