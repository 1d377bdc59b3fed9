/// Finds ID declarations, provider conformances, `id` members and ID uses in one file's tokens.
///
/// It recognises the shapes the container's API is used in rather than parsing Swift fully:
/// declarations of types and extensions (with generics, attributes and `where` clauses),
/// `static var/let` members initialised with `InjectID(…)`, seed constants named
/// `…InjectID`, and calls `load(`, `require(`, `loadAsync(`, `requireAsync(`, `Injected(`,
/// `register(`, `registerOnMainActor(` and `registerAsync(` whose first argument names an ID.
///
/// A registration is an override, not a provider, when it is made on a container the file
/// creates with `Container(parent:)`, inside a `withOverrides` or `.overriding` closure, or
/// right after an `inject-lint: override` comment (which may also mark a block or a type).
public struct SourceScanner {
    enum Scope {
        /// A type or extension; `idType` is the ID type an extension of an ID type constrains
        /// to, such as `InjectID<any ToastInject>`, so that `Self` can be named.
        case type(String, isProtocol: Bool, idType: String?)
        case function(String)
        case control
        /// A closure or block whose registrations are overrides.
        case overrides
        case other
    }

    let tokens: [Token]
    private let file: String
    private let fileID: String?
    var facts = SourceFacts()
    var scopes: [Scope] = []
    /// The token index of each use in `facts.uses`, to find the registration closures around loads.
    var useTokens: [Int] = []
    /// The token ranges of closure registrations' calls with their trailing closures, and where
    /// each registration is.
    var registrationSpans: [(tokens: Range<Int>, location: SourceLocation)] = []
    private var pendingScope: Scope?
    private var optionalPending = false
    var overridePending = false
    /// The types with a `static var context`: providers for a context (a preview's, a test's),
    /// which stand in for the ID's provider rather than compete with it.
    private var contextTypes: Set<String> = []
    /// Variables the file initialises with `Container(parent:)`: registrations on them override.
    var childContainers: Set<String> = []
    /// Variables and parameters the file declares as IDs: loads of them are checked at run time only.
    var idVariables: Set<String> = []

    private static let typeKeywords: Set<String> = [
        "class", "struct", "enum", "actor", "protocol", "extension",
    ]
    private static let controlKeywords: Set<String> = [
        "if", "guard", "for", "while", "switch", "do", "else", "repeat", "catch", "defer",
    ]
    /// Calls whose first argument may name an ID.
    static let useWords: Set<String> = [
        "load", "require", "loadAsync", "requireAsync", "Injected", "register", "registerOnMainActor",
        "registerAsync", "contribute", "lazy", "provider", "contributions", "WeakInjected",
    ]
    /// Calls that take a handle which loads when it is used, not while the factory runs.
    static let deferredWords: Set<String> = ["lazy", "provider"]
    static let declarationEnds: Set<String> = [
        "var", "let", "func", "init", "static", "case", "subscript", "typealias", "class", "struct", "enum",
    ]

    /// Creates a scanner over `tokens` from `file`.
    ///
    /// - Parameters:
    ///   - tokens: The file's tokens, from ``Lexer``.
    ///   - file: The file's path, for locations.
    ///   - fileID: The file as `#fileID` spells it, `Module/File.swift`, for a file of a target.
    public init(tokens: [Token], file: String, fileID: String? = nil) {
        self.tokens = tokens
        self.file = file
        self.fileID = fileID
    }

    /// Scans Swift `source` from `file`.
    ///
    /// - Parameters:
    ///   - source: The file's text.
    ///   - file: The file's path, for locations.
    ///   - fileID: The file as `#fileID` spells it, `Module/File.swift`, for a file of a target.
    /// - Returns: What the file declares and uses.
    public static func scan(_ source: String, file: String, fileID: String? = nil) -> SourceFacts {
        var scanner = SourceScanner(tokens: Lexer.tokenize(source), file: file, fileID: fileID)
        return scanner.run()
    }

    private mutating func run() -> SourceFacts {
        findVariables()
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.isMarkedOptional { optionalPending = true }
            if token.isMarkedOverride {
                overridePending = true
            } else if overridePending, startsStatement(at: index) {
                // The marker covers the one statement after it.
                overridePending = false
            }
            switch token.kind {
            case .punctuation where token.text == "{":
                let isMarked = overridePending && !SourceScanner.isType(pendingScope)
                scopes.append(isMarked ? .overrides : pendingScope ?? .other)
                if isMarked { overridePending = false }
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
        for index in facts.conformances.indices
        where contextTypes.contains(facts.conformances[index].typeName) {
            facts.conformances[index].isForContext = true
        }
        attributeRegistrationLoads()
        return facts
    }

    func token(_ index: Int) -> Token? {
        index >= 0 && index < tokens.count ? tokens[index] : nil
    }

    private static func isType(_ scope: Scope?) -> Bool {
        if case .type = scope { return true }
        return false
    }

    /// Whether the token at `index` starts a new statement: it begins a line, and neither it
    /// nor the token before continues the previous line's expression.
    private func startsStatement(at index: Int) -> Bool {
        guard let previous = token(index - 1) else { return true }
        let current = tokens[index]
        guard current.line > previous.line else { return current.isPunctuation(";") }
        let continues =
            current.isPunctuation(".") || current.isPunctuation(")") || current.kind == .symbol
            || previous.kind == .symbol
            || ["(", ",", ":", "[", "."].contains { previous.isPunctuation($0) }
            // An attribute on a line of its own, such as `@MainActor`, belongs to what follows.
            || token(index - 2)?.isPunctuation("@") == true
        return !continues
    }

    /// Collects the names of child containers and of ID variables before the scan, so that
    /// a use before the declaration (a property declared further down) is recognised too.
    private mutating func findVariables() {
        for index in tokens.indices where tokens[index].kind == .word && !tokens[index].isEscaped {
            let word = tokens[index].text
            if word == "Container" || (word == "init" && token(index - 1)?.isPunctuation(".") == true),
                token(index + 1)?.isPunctuation("(") == true, token(index + 2)?.text == "parent",
                token(index + 3)?.isPunctuation(":") == true,
                let name = assignedName(before: word == "init" ? index - 1 : index)
            {
                childContainers.insert(name)
            } else if SourceScanner.idTypes.contains(word), let name = assignedName(before: index) {
                idVariables.insert(name)
            } else if SourceScanner.idTypes.contains(word), token(index - 1)?.isPunctuation(":") == true,
                let name = token(index - 2), name.isIdentifier
            {
                // A parameter or property typed as an ID: `_ id: InjectID<Service>`.
                idVariables.insert(name.text)
            }
        }
    }

    /// The variable that the expression starting at `start` is assigned to, as in
    /// `let kiosk = …`, `let kiosk: Container? = …` or `self.kiosk = …`.
    private func assignedName(before start: Int) -> String? {
        guard token(start - 1)?.kind == .symbol, token(start - 1)?.text == "=" else { return nil }
        // `let kiosk = …` or `let kiosk: Container? = …`: the name follows `let` or `var`, and
        // only a name and a type stand between them and the `=`.
        var back = start - 2
        while let previous = token(back), back >= start - 10 {
            if previous.isKeyword("let") || previous.isKeyword("var") {
                guard let name = token(back + 1), name.isIdentifier else { return nil }
                return name.text
            }
            let isTypePart =
                previous.kind == .word
                || [":", "?", ".", "<", ">", "[", "]"].contains(where: previous.isPunctuation)
            guard isTypePart else { break }
            back -= 1
        }
        // `kiosk = …` or `self.kiosk = …`.
        guard let name = token(start - 2), name.isIdentifier, token(start - 3)?.isPunctuation(":") != true
        else {
            return nil
        }
        return name.text
    }

    func location(_ index: Int) -> SourceLocation {
        SourceLocation(file: file, line: tokens[index].line, fileID: fileID)
    }

    private mutating func scanWord(at index: Int) {
        let word = tokens[index].text
        if scopes.isEmpty, ["func", "typealias", "var", "let"].contains(word), let name = token(index + 1),
            name.kind == .word
        {
            facts.topLevelNames.append(name.text)
        }
        if SourceScanner.typeKeywords.contains(word), token(index + 1)?.isIdentifier == true {
            optionalPending = false
            typeHeader(at: index)
        } else if word == "func" || word == "init" {
            optionalPending = false
            pendingScope = .function(word == "init" ? "init" : token(index + 1)?.text ?? "")
        } else if word == "import", scopes.isEmpty, tokens[index].conditions.isEmpty,
            let declaration = importDeclaration(at: index)
        {
            if !facts.imports.contains(declaration) { facts.imports.append(declaration) }
        } else if SourceScanner.controlKeywords.contains(word) {
            pendingScope = .control
        } else if word == "withOverrides", token(index - 1)?.isKeyword("func") != true,
            token(index + 1)?.isPunctuation("{") == true
                || (token(index + 1)?.isPunctuation("(") == true
                    && token(index + 2)?.isPunctuation("{") == true)
        {
            // The first closure registers the replacements; with `withOverrides(configure) { … }`
            // the closure is the operation, whose registrations are ordinary.
            pendingScope = .overrides
        } else if word == "overriding", token(index - 1)?.isPunctuation(".") == true {
            // `.overriding { … }` or `.overriding(container) { … }`: the closure registers.
            pendingScope = .overrides
        } else if word == "var" || word == "let", let name = token(index + 1), name.isIdentifier {
            let isOptional = optionalPending
            optionalPending = false
            variable(named: name.text, at: index + 1, isOptional: isOptional)
        } else if recordHostRegistration(at: index) {
            return
        } else if SourceScanner.useWords.contains(word),
            token(index + 1)?.isPunctuation("(") == true, token(index - 1)?.isKeyword("func") != true,
            token(index - 1)?.isPunctuation("#") != true
        {
            use(word, at: index)
        }
    }

    /// `import Module` with the attributes and access level before it, as written; `nil` for
    /// an import of one declaration (`import struct M.S`) or a submodule.
    private func importDeclaration(at index: Int) -> String? {
        guard let module = token(index + 1), module.isIdentifier, token(index + 2)?.isPunctuation(".") != true
        else { return nil }
        var prefix: [String] = []
        var back = index - 1
        while let previous = token(back), previous.line == tokens[index].line {
            if previous.kind == .word,
                ["public", "package", "internal", "fileprivate", "private"].contains(previous.text)
            {
                prefix.insert(previous.text, at: 0)
            } else if previous.kind == .word, token(back - 1)?.isPunctuation("@") == true {
                prefix.insert("@" + previous.text, at: 0)
                back -= 1
            } else {
                break
            }
            back -= 1
        }
        return (prefix + ["import", module.text]).joined(separator: " ")
    }

    // MARK: Types

    private var enclosingTypeName: String? {
        guard case .type(let name, _, _) = scopes.last else { return nil }
        return name
    }

    /// The ID type `Self` names in the enclosing extension, if it is one of an ID type.
    private var enclosingIDType: String? {
        guard case .type(_, _, let idType) = scopes.last else { return nil }
        return idType
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
        var name = SourceScanner.spelling(of: tokens[index])
        while token(index + 1)?.isPunctuation(".") == true, let part = token(index + 2), part.isIdentifier {
            name += "." + SourceScanner.spelling(of: part)
            index += 2
        }
        index += 1
        var isGeneric = false
        var genericArguments: [String] = []
        if token(index)?.isPunctuation("<") == true {
            isGeneric = true
            (genericArguments, index) = genericClause(openingAt: index)
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
        let idType =
            keyword == "extension"
            ? extendedIDType(name, genericArguments: genericArguments, constraintsFrom: index) : nil
        pendingScope = .type(qualified, isProtocol: keyword == "protocol", idType: idType)
        if scopes.isEmpty, keyword != "extension" { facts.topLevelNames.append(name) }
        facts.typeDeclarations.append(
            TypeDeclaration(
                keyword: keyword, name: qualified, inherited: inherited, location: location(start)))
        guard keyword != "protocol" else { return }
        let kinds = inherited.compactMap(ProviderConformance.Kind.init(rawValue:))
        let modifiers = (max(0, start - 4)..<start).compactMap { token($0)?.text }
        let isHidden = modifiers.contains("private") || modifiers.contains("fileprivate") || isInsideCode
        for kind in Set(kinds).sorted(by: { $0.rawValue < $1.rawValue }) {
            facts.conformances.append(
                ProviderConformance(
                    typeName: qualified, kind: kind, isGeneric: isGeneric, isHidden: isHidden,
                    conditions: tokens[start].conditions, location: location(start),
                    isOverride: overridePending))
        }
    }

    /// Returns the index after the `>` that closes the `<` at `start`.
    func skipGenerics(from start: Int) -> Int {
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

    /// The arguments of the generic clause whose `<` is at `start`, and the index after it.
    ///
    /// A clause the file leaves open (it ends, or a `{` comes first) gives the arguments
    /// read so far: hostile input must never make the range of arguments run backwards.
    func genericClause(openingAt start: Int) -> (arguments: [String], end: Int) {
        let end = skipGenerics(from: start)
        var upper = end
        if end - 1 > start, let last = token(end - 1), last.isPunctuation(">") || last.isPunctuation("{") {
            upper = end - 1
        }
        return (arguments(in: start + 1..<max(start + 1, upper)), end)
    }

    // MARK: Variables

    private mutating func variable(named name: String, at nameIndex: Int, isOptional: Bool) {
        let modifiers = (max(0, nameIndex - 5)..<nameIndex - 1).compactMap { token($0) }
        let isStatic = modifiers.contains { $0.isKeyword("static") || $0.isKeyword("class") }
        if name == "id", let typeName = enclosingTypeName {
            var reference = idExpression(after: nameIndex)
            // `static var id: InjectID<any P> { .typeKeyed }`: the annotation names the type.
            if reference == .contextTyped, let type = annotation(after: nameIndex),
                SourceScanner.base(of: type) == "InjectID", type.hasSuffix(">")
            {
                reference = .typeKeyed(String(type.dropFirst("InjectID<".count).dropLast()))
            }
            facts.idMembers.append(
                IDMember(typeName: typeName, reference: reference, location: location(nameIndex)))
        } else if name == "dependencies", isStatic, let typeName = enclosingTypeName {
            facts.dependencyMembers.append(typeName)
        } else if name == "context", isStatic, let typeName = enclosingTypeName {
            contextTypes.insert(typeName)
        } else if name == "scope", isStatic, let typeName = enclosingTypeName {
            // Only a named scope is a fact: `.singleton` and the other lifetimes are not.
            if let scope = namedScope(memberExpression(after: nameIndex)) {
                facts.scopeMembers.append(
                    ScopeMember(typeName: typeName, scope: scope, location: location(nameIndex)))
            }
        } else if isStatic, let call = typedIDValue(after: nameIndex) {
            var idType = call.idType
            if idType == nil, let annotation = annotation(after: nameIndex) {
                idType = annotation == "Self" ? enclosingIDType : annotation
            }
            facts.declarations.append(
                IDDeclaration(
                    name: name, isTyped: true, value: call.reference,
                    isOptional: isOptional || call.isOptional,
                    location: location(nameIndex), isExtensionPoint: call.isExtensionPoint,
                    idType: idType.flatMap {
                        SourceScanner.idTypes.contains(SourceScanner.base(of: $0)) ? $0 : nil
                    }))
            facts.declarations[facts.declarations.count - 1].isHidden = modifiers.contains {
                $0.isKeyword("private") || $0.isKeyword("fileprivate")
            }
        } else if name.hasSuffix("InjectID"), let value = seedValue(after: nameIndex) {
            facts.declarations.append(
                IDDeclaration(
                    name: name, isTyped: false, value: .literal(value), isOptional: isOptional,
                    location: location(nameIndex)))
        }
    }
}
