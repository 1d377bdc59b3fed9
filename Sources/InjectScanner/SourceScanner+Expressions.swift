/// Reading the expressions that name IDs and types: ID initializer calls, `id` and
/// `scope` members, type annotations, and the constraints of an extension of an ID type.
extension SourceScanner {
    /// The `InjectID(…)`, `ArgumentInjectID(…)`, `ExtensionPoint(…)` or `.type(P.self)` that
    /// initialises a static member, if any.
    func typedIDValue(after nameIndex: Int) -> IDCall? {
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
            // `static var notifier: Self { .type(Notifier.self) }`: a name for a type key.
            if next.isPunctuation("."), let before = token(index - 1),
                before.isPunctuation("{") || before.isKeyword("return")
                    || (before.kind == .symbol && before.text == "="),
                let key = typeKey(afterDotAt: index), case .typeKeyed = key.reference
            {
                return IDCall(reference: key.reference, end: key.end)
            }
            index += 1
        }
        return nil
    }

    /// The ID types whose initializers take the ID's string.
    static let idTypes: Set<String> = ["InjectID", "ArgumentInjectID", "ExtensionPoint"]

    /// An ID initializer call: what it names, and for an extension point, whether it is optional.
    struct IDCall {
        var reference: IDReference
        var end: Int
        var isExtensionPoint = false
        var isOptional = false
        /// The ID type when the call states it, as in `InjectID<any ToastInject>(…)`.
        var idType: String?
    }

    /// Reads a type key after a `.`: `.type(T.self)` (`.type((any P).self)`), or `.typeKeyed`,
    /// whose type the context decides; `type` is the type an `InjectID<T>` before the dot names.
    ///
    /// - Parameters:
    ///   - dot: The index of the `.`.
    ///   - type: The service type written before the dot, if any.
    /// - Returns: The reference and the index after it, or `nil` for anything else.
    func typeKey(afterDotAt dot: Int, type: String? = nil) -> (reference: IDReference, end: Int)? {
        guard let member = token(dot + 1), member.kind == .word, !member.isEscaped else { return nil }
        if member.text == "type", token(dot + 2)?.isPunctuation("(") == true,
            let (name, end) = typeKeyedName(from: dot + 3)
        {
            return (.typeKeyed(name), end)
        }
        if member.text == "typeKeyed", token(dot + 2)?.isPunctuation("(") != true {
            return (type.map(IDReference.typeKeyed) ?? .contextTyped, dot + 2)
        }
        return nil
    }

    /// Reads `InjectID("…")`, `InjectID<T>(constant)`, `InjectID(type: T.self)`,
    /// `InjectID.type(T.self)`, `InjectID<T>.typeKeyed`, `ArgumentInjectID("…")` or
    /// `ExtensionPoint("…", optional: true)` at `index`.
    func injectIDCall(at index: Int) -> IDCall? {
        let isExtensionPoint = token(index)?.text == "ExtensionPoint"
        var next = index + 1
        var idType: String?
        var serviceType: String?
        if token(next)?.isPunctuation("<") == true {
            let clause = genericClause(openingAt: next)
            idType = "\(tokens[index].text)<\(clause.arguments.joined(separator: ", "))>"
            if clause.arguments.count == 1, tokens[index].text == "InjectID" {
                serviceType = clause.arguments[0]
            }
            next = clause.end
        }
        if token(next)?.isPunctuation(".") == true, tokens[index].text == "InjectID" {
            guard let key = typeKey(afterDotAt: next, type: serviceType) else { return nil }
            return IDCall(reference: key.reference, end: key.end, idType: idType)
        }
        guard token(next)?.isPunctuation("(") == true, let argument = token(next + 1) else { return nil }
        if argument.isKeyword("type"), token(next + 2)?.isPunctuation(":") == true,
            let (name, end) = typeKeyedName(from: next + 3)
        {
            return IDCall(reference: .typeKeyed(name), end: end, idType: idType)
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
            reference: reference, end: end + 1, isExtensionPoint: isExtensionPoint, isOptional: isOptional,
            idType: idType)
    }

    /// The name a type-keyed ID `InjectID(type: (any ToastInject).self)` derives, the type as
    /// written without outer parentheses (`any ToastInject`), and the index after the call.
    func typeKeyedName(from start: Int) -> (String, Int)? {
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
    func seedValue(after nameIndex: Int) -> String? {
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
    func idExpression(after nameIndex: Int) -> IDReference? {
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
        if first.isPunctuation("."), let key = typeKey(afterDotAt: index), ends(key.end) {
            return key.reference
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

    // MARK: Types as written

    /// The type name without its generic arguments: `InjectID` for `InjectID<any P>`.
    static func base(of type: String) -> String {
        String(type.prefix { $0 != "<" })
    }

    /// A name as Swift source spells it: a backticked name that is no plain identifier, such
    /// as one with spaces, keeps its backticks so generated code can name it.
    static func spelling(of token: Token) -> String {
        guard token.isEscaped, token.kind == .word else { return token.text }
        var unescaped = token
        unescaped.isEscaped = false
        let isPlain =
            token.text.first.map { $0 == "_" || $0.isLetter } == true
            && token.text.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber } && unescaped.isIdentifier
            && !["self", "Self", "Type", "Protocol", "Any"].contains(token.text)
        return isPlain ? token.text : "`\(token.text)`"
    }

    /// The tokens in `range` as one type or expression, spaced the way people write them, so
    /// that the same type written twice compares equal.
    func text(of range: Range<Int>) -> String {
        var result = ""
        var previous: Token?
        for index in range {
            let current = tokens[index]
            if let previous {
                let spaced =
                    (previous.kind != .punctuation && current.kind != .punctuation)
                    || previous.isPunctuation(",") || previous.isPunctuation(":")
                    || previous.isPunctuation("->") || current.isPunctuation("->")
                    || previous.kind == .symbol || current.kind == .symbol
                if spaced { result += " " }
            }
            switch current.kind {
            case .string: result += current.isEscaped ? "\"…\"" : "\"\(current.text)\""
            default: result += SourceScanner.spelling(of: current)
            }
            previous = current
        }
        return result
    }

    /// The comma-separated arguments in `range`, such as generic arguments, each as written.
    func arguments(in range: Range<Int>) -> [String] {
        var parts: [String] = []
        var depth = 0
        var start = range.lowerBound
        for index in range {
            let current = tokens[index]
            if ["<", "(", "["].contains(where: current.isPunctuation) { depth += 1 }
            if [">", ")", "]"].contains(where: current.isPunctuation) { depth -= 1 }
            if depth == 0, current.isPunctuation(",") {
                parts.append(text(of: start..<index))
                start = index + 1
            }
        }
        if start < range.upperBound { parts.append(text(of: start..<range.upperBound)) }
        return parts
    }

    /// The ID type that `Self` is inside `extension InjectID where Service == any P` (or
    /// `extension InjectID<any P>`), with the `where` clause starting at `index`; `nil` for
    /// other extensions, or when the clause leaves a type parameter open.
    func extendedIDType(_ name: String, genericArguments: [String], constraintsFrom index: Int) -> String? {
        let parameters: [String]
        switch name {
        case "InjectID", "DependencyContainer.InjectID": parameters = ["Service"]
        case "ArgumentInjectID", "DependencyContainer.ArgumentInjectID": parameters = ["Argument", "Service"]
        case "ExtensionPoint", "DependencyContainer.ExtensionPoint": parameters = ["Element"]
        default: return nil
        }
        let base = String(name.split(separator: ".").last ?? "")
        if genericArguments.count == parameters.count {
            return "\(base)<\(genericArguments.joined(separator: ", "))>"
        }
        guard token(index)?.isKeyword("where") == true else { return nil }
        var end = index + 1
        while let next = token(end), !next.isPunctuation("{") { end += 1 }
        var bound: [String: String] = [:]
        for constraint in arguments(in: index + 1..<end) {
            let sides = constraint.components(separatedBy: " == ")
            if sides.count == 2 { bound[sides[0]] = sides[1] }
        }
        let types = parameters.compactMap { bound[$0] }
        guard types.count == parameters.count else { return nil }
        return "\(base)<\(types.joined(separator: ", "))>"
    }

    /// The type annotation of the variable named at `nameIndex`: `Self` or `InjectID<any P>`.
    func annotation(after nameIndex: Int) -> String? {
        guard token(nameIndex + 1)?.isPunctuation(":") == true else { return nil }
        var end = nameIndex + 2
        var depth = 0
        while let next = token(end) {
            if next.isPunctuation("<") || next.isPunctuation("(") { depth += 1 }
            if next.isPunctuation(">") || next.isPunctuation(")") { depth -= 1 }
            if depth == 0, next.isPunctuation("{") || (next.kind == .symbol && next.text == "=") { break }
            if next.line != tokens[nameIndex].line { return nil }
            end += 1
        }
        return end > nameIndex + 2 ? text(of: nameIndex + 2..<end) : nil
    }

    /// What a member returns, as written: `.session` for `{ .session }` or `= .session`;
    /// `nil` for `nil`, or when there is no body or initial value on the declaration's line.
    func memberExpression(after nameIndex: Int) -> String? {
        var index = nameIndex + 1
        while let next = token(index), !next.isPunctuation("{"), !(next.kind == .symbol && next.text == "=") {
            if next.line != tokens[nameIndex].line { return nil }
            index += 1
        }
        guard let opening = token(index) else { return nil }
        index += 1
        if token(index)?.isKeyword("return") == true { index += 1 }
        var end = index
        var depth = 0
        while let next = token(end) {
            if next.isPunctuation("{") || next.isPunctuation("(") { depth += 1 }
            if next.isPunctuation("}") || next.isPunctuation(")") {
                if depth == 0 { break }
                depth -= 1
            }
            if !opening.isPunctuation("{"), depth == 0, next.line != tokens[index].line { break }
            end += 1
        }
        let expression = text(of: index..<end)
        return expression.isEmpty || expression == "nil" ? nil : expression
    }

    // MARK: Call arguments

    /// The index of the `)` that closes the `(` at `open`, or the end of the tokens.
    func closingParenthesis(of open: Int) -> Int {
        var depth = 0
        var index = open
        while let next = token(index) {
            if next.isPunctuation("(") { depth += 1 }
            if next.isPunctuation(")") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return tokens.count
    }

    /// The index of the `,` or `)` that ends the argument starting at `start`.
    func argumentEnd(from start: Int, limit: Int) -> Int {
        var depth = 0
        var index = start
        while index < limit, let next = token(index) {
            if ["(", "[", "{"].contains(where: next.isPunctuation) { depth += 1 }
            if [")", "]", "}"].contains(where: next.isPunctuation) { depth -= 1 }
            if depth == 0, next.isPunctuation(",") { break }
            index += 1
        }
        return index
    }

    /// The value of the argument labelled `label` in the call from `open` to `close`, as
    /// written: `.singleton` or `Scope.session` for `scope:`.
    func labelledArgument(_ label: String, from open: Int, to close: Int) -> String? {
        var depth = 0
        var index = open + 1
        while index < close, let next = token(index) {
            if ["(", "[", "{"].contains(where: next.isPunctuation) { depth += 1 }
            if [")", "]", "}"].contains(where: next.isPunctuation) { depth -= 1 }
            if depth == 0, next.text == label, next.kind == .word,
                token(index + 1)?.isPunctuation(":") == true
            {
                let end = argumentEnd(from: index + 2, limit: close)
                return end > index + 2 ? text(of: index + 2..<end) : nil
            }
            index += 1
        }
        return nil
    }

    /// `scope` when it names a named scope (`.session`, `Scope.session`, `Scope.named("x")`),
    /// not one of the built-in scopes.
    func namedScope(_ scope: String?) -> String? {
        guard let scope else { return nil }
        let lifetimes = ["transient", "singleton", "weak", "graph"]
        let name =
            scope.hasPrefix("Scope.")
            ? String(scope.dropFirst(6)) : scope.hasPrefix(".") ? String(scope.dropFirst()) : nil
        return name.map(lifetimes.contains) == true ? nil : scope
    }
}
