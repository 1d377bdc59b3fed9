/// Reading uses of IDs: loads and closure registrations, the ID each names, and the
/// provider whose `make(with:)` makes a load.
extension SourceScanner {
    mutating func use(_ word: String, at index: Int) {
        let open = index + 1
        let close = closingParenthesis(of: open)
        var argument = open + 1
        if word == "contribute" || word == "contributions", token(open + 1)?.isKeyword("to") == true,
            token(open + 2)?.isPunctuation(":") == true
        {
            argument = open + 3
        }
        guard let reference = reference(at: argument, in: word, closingAt: close) else { return }
        let isRegistration = word.hasPrefix("register") || word == "contribute"
        var isOverride = false
        if isRegistration {
            let receiver = token(index - 1)?.isPunctuation(".") == true ? token(index - 2) : nil
            // A registration for a context stands in for the ID's provider while its context
            // is active, as an override does.
            isOverride =
                overridePending || receiver.map { childContainers.contains($0.text) } == true
                || labelledArgument("context", from: open, to: close) != nil
                || scopes.contains {
                    if case .overrides = $0 { return true }
                    return false
                }
            overridePending = false
        }
        let isDeferred = SourceScanner.deferredWords.contains(word)
        let madeBy = isRegistration ? nil : providerBeingMade
        if isRegistration { registrationSpans.append((open..<callEnd(close), location(index))) }
        useTokens.append(index)
        facts.uses.append(
            IDUse(
                kind: isRegistration ? .register : .load,
                reference: reference,
                // A handle loads when used, so it closes no cycle of providers being made.
                eagerIn: isDeferred ? nil : madeBy,
                location: location(index),
                isOverride: isOverride,
                scope: isRegistration ? namedScope(labelledArgument("scope", from: open, to: close)) : nil,
                isDeferred: isDeferred, madeBy: madeBy, call: isRegistration ? nil : word))
        facts.uses[facts.uses.count - 1].isInFactory = !isRegistration && isInsideMake
        facts.uses[facts.uses.count - 1].declaresDependencies =
            isRegistration && labelledArgument("dependencies", from: open, to: close) != nil
        facts.uses[facts.uses.count - 1].hidesLoads =
            isRegistration && factoryHidesLoads(open: open, close: close)
        facts.uses[facts.uses.count - 1].conditions = tokens[index].conditions
        facts.uses[facts.uses.count - 1].expression =
            isRegistration ? nil : expression(at: index, closingAt: close)
    }

    /// The ID the argument at `argument` names, up to the call's `)` at `close`: a member, a
    /// literal, a seed constant, an ID initializer, or an ID built at run time.
    func reference(at argument: Int, in word: String, closingAt close: Int) -> IDReference? {
        guard let first = token(argument) else { return nil }
        if first.isPunctuation("."), let typeKey = typeKey(afterDotAt: argument) { return typeKey.reference }
        if first.isPunctuation("."), let member = token(argument + 1), member.isIdentifier,
            token(argument + 2)?.isPunctuation("(") != true
        {
            return .member(member.text)
        }
        if word == "load", first.isKeyword("for"), token(argument + 1)?.isPunctuation(":") == true,
            let value = token(argument + 2)
        {
            if value.kind == .string, !value.isEscaped, token(argument + 3)?.isPunctuation(")") == true {
                return .literal(value.text)
            }
            if value.isIdentifier, token(argument + 3)?.isPunctuation(")") == true {
                return .constant(value.text)
            }
            return .runtime(text(of: argument + 2..<close))
        }
        if first.kind == .word, !first.isEscaped, SourceScanner.idTypes.contains(first.text) {
            if let call = injectIDCall(at: argument) { return call.reference }
            // `InjectID("Feature" + name)`: a string the scanner cannot know.
            let end = min(close, argumentEnd(from: argument, limit: close))
            return end > argument ? .runtime(text(of: argument..<end)) : nil
        }
        // A variable the file declares as an ID, or one named like an ID (`featureID`) that is
        // declared elsewhere.
        let isNamedLikeID = first.text == "id" || first.text.hasSuffix("ID") || first.text.hasSuffix("Id")
        if first.isIdentifier, idVariables.contains(first.text) || isNamedLikeID,
            token(argument + 1).map({ $0.isPunctuation(")") || $0.isPunctuation(",") }) == true
        {
            return .runtime(first.text)
        }
        return nil
    }

    /// The type whose `make(with:)` body the scanner is in, outside any closure.
    var providerBeingMade: String? {
        let significant = scopes.reversed().filter {
            if case .control = $0 { return false }
            return true
        }
        guard significant.count >= 2, case .function("make") = significant[0],
            case .type(let name, _, _) = significant[1]
        else { return nil }
        return name
    }
}
