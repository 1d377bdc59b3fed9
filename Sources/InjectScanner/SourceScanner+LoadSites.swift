/// Reading what a load site needs beyond its ID: whether it is inside a factory, the closure
/// registration around it, its source text, and the calls by which a host registers targets.
extension SourceScanner {
    /// Whether the scanner is inside a `make` function of a type, at any depth: a provider's
    /// factory, whose loads its registration declares, not load sites.
    var isInsideMake: Bool {
        var sawType = false
        for scope in scopes {
            switch scope {
            case .type: sawType = true
            case .function("make") where sawType: return true
            default: break
            }
        }
        return false
    }

    /// The index after a call whose `)` is at `close`, including its trailing closures: the
    /// span whose loads are the registration's factory's.
    func callEnd(_ close: Int) -> Int {
        var index = close + 1
        // `register(.x) { … }` and, after a label, further trailing closures `onDispose: { … }`.
        while let next = token(index) {
            if next.isPunctuation("{") {
                index = closingBrace(of: index) + 1
            } else if next.isIdentifier, token(index + 1)?.isPunctuation(":") == true,
                token(index + 2)?.isPunctuation("{") == true, next.line == token(index - 1)?.line
            {
                index = closingBrace(of: index + 2) + 1
            } else {
                break
            }
        }
        return index
    }

    /// Whether the factory of the registration whose call runs from `open` to `close` may load
    /// what the scanner cannot see: the call has no closure literal, or the first closure (the
    /// factory) uses its resolver other than to call a load on it.
    func factoryHidesLoads(open: Int, close: Int) -> Bool {
        var brace: Int?
        var depth = 0
        var index = open + 1
        let end = callEnd(close)
        while index < end, let next = token(index), brace == nil {
            if next.isPunctuation("{"), depth == 0 || index > close { brace = index }
            if next.isPunctuation("(") || next.isPunctuation("[") { depth += 1 }
            if next.isPunctuation(")") || next.isPunctuation("]") { depth -= 1 }
            index += 1
        }
        guard let brace else { return true }
        // A brace the file leaves open ends the body at the last token, never before it starts.
        let closing = max(closingBrace(of: brace), brace + 1)
        // `{ r in …}`, `{ (r: Resolver) in …}`, `{ r, url in …}`, or `$0` without a list.
        var resolver = "$0"
        var body = brace + 1
        if let inIndex = (brace + 1..<min(closing, brace + 16)).first(where: { tokens[$0].isKeyword("in") }),
            (brace + 1..<inIndex).allSatisfy({
                !tokens[$0].isPunctuation("{") && !tokens[$0].isPunctuation("=")
            })
        {
            var start = brace + 1
            // A capture list, `[weak self]`, comes before the parameters.
            if tokens[start].isPunctuation("[") {
                while start < inIndex, !tokens[start].isPunctuation("]") { start += 1 }
                start += 1
            }
            let first = (start..<max(start, inIndex)).first { tokens[$0].kind == .word }
            resolver = first.map { tokens[$0].text } ?? "_"
            body = inIndex + 1
        }
        guard resolver != "_" else { return false }
        for position in body..<closing
        where tokens[position].kind == .word && tokens[position].text == resolver {
            guard token(position + 1)?.isPunctuation(".") == true, let member = token(position + 2),
                SourceScanner.useWords.contains(member.text)
            else { return true }
        }
        return false
    }

    /// The index of the `}` that closes the `{` at `open`, or the last token.
    func closingBrace(of open: Int) -> Int {
        var depth = 0
        var index = open
        while let next = token(index) {
            if next.isPunctuation("{") { depth += 1 }
            if next.isPunctuation("}") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return max(open, tokens.count - 1)
    }

    /// The load at `index` as written, with its receiver, shortened for a report:
    /// `@Injected(.toast)`, `container.load(.toast)`, `resolver.require(id)`.
    func expression(at index: Int, closingAt close: Int) -> String {
        var start = index
        if ["Injected", "WeakInjected"].contains(tokens[index].text),
            token(index - 1)?.isPunctuation("@") == true
        {
            start = index - 1
        } else if token(index - 1)?.isPunctuation(".") == true, let receiver = token(index - 2),
            receiver.kind == .word, receiver.line == tokens[index].line
        {
            start = token(index - 3)?.isPunctuation(".") == true ? index - 1 : index - 2
        }
        let upper = min(close + 1, tokens.count)
        var text = text(of: start..<upper).replacingOccurrences(of: "( ", with: "(")
        if text.hasPrefix("@ ") { text = "@" + text.dropFirst(2) }
        if text.hasPrefix(".") { text = String(text.dropFirst()) }
        return text.count > 80 ? String(text.prefix(79)) + "…" : text
    }

    /// Records `Module.register(into:)`, a type registered by hand (`register(T.self)`,
    /// `contribute(T.self)`, `regist(injectType: T.self)`, `register(injectType: T.self)`) or a use of `PluginLoader`; returns
    /// whether the word at `index` was one of the first.
    mutating func recordHostRegistration(at index: Int) -> Bool {
        let word = tokens[index].text
        if word == "PluginLoader", !tokens[index].isEscaped {
            facts.pluginLoaderUses.append(location(index))
            return false
        }
        guard ["register", "contribute", "regist"].contains(word),
            token(index + 1)?.isPunctuation("(") == true,
            token(index - 1)?.isKeyword("func") != true
        else { return false }
        if word == "register", token(index + 2)?.isKeyword("into") == true,
            token(index + 3)?.isPunctuation(":") == true, token(index - 1)?.isPunctuation(".") == true,
            let module = token(index - 2), module.isIdentifier, token(index - 3)?.isPunctuation(".") != true
        {
            facts.hostRegistrations.append(
                HostRegistration(kind: .module, name: module.text, location: location(index)))
            return true
        }
        var argument = index + 2
        if word != "contribute", token(argument)?.isKeyword("injectType") == true,
            token(argument + 1)?.isPunctuation(":") == true
        {
            argument += 2
        }
        // `T.self` or `A.B.self` as the first argument.
        var name: [String] = []
        while let part = token(argument), part.isIdentifier, token(argument + 1)?.isPunctuation(".") == true {
            name.append(part.text)
            argument += 2
        }
        if !name.isEmpty, token(argument)?.isKeyword("self") == true,
            name.first?.first?.isUppercase == true
        {
            facts.hostRegistrations.append(
                HostRegistration(kind: .type, name: name.joined(separator: "."), location: location(index)))
        }
        return false
    }

    /// Marks each load inside a closure registration's call with that registration's place,
    /// the innermost when registrations nest.
    mutating func attributeRegistrationLoads() {
        guard !registrationSpans.isEmpty else { return }
        for (offset, tokenIndex) in useTokens.enumerated() where facts.uses[offset].kind == .load {
            var best: (tokens: Range<Int>, location: SourceLocation)?
            for span in registrationSpans where span.tokens.contains(tokenIndex) {
                if best.map({ span.tokens.lowerBound > $0.tokens.lowerBound }) ?? true { best = span }
            }
            facts.uses[offset].registeredAt = best?.location
        }
    }
}
