/// The string of a type key, derived from the type as written the way the core derives it
/// from the type (`typeName(Service.self)`): `any P` for a protocol, the type as
/// `String(describing:)` prints it otherwise.
///
/// `String(describing:)` prints no module or enclosing type (`Outer.Inner` is `Inner`) and no
/// sugar (`[T]` is `Array<T>`, `T?` is `Optional<T>`), and a protocol named without `any`
/// (`Notifier.self`) is its existential. A protocol inside generic arguments keeps its `any`,
/// as Apple platforms print it (Linux drops it).
enum TypeKeyName {
    /// The key's string for `written`, a type as the source spells it.
    ///
    /// - Parameters:
    ///   - written: The type as written, such as `Notifier`, `(any Notifier)` or `App.Impl`.
    ///   - protocols: The names of the protocols the scanned sources declare, unqualified.
    /// - Returns: The name, such as `any Notifier` or `Impl`; `written` when it cannot be read.
    static func canonical(_ written: String, protocols: Set<String>) -> String {
        // The parser recurses once per nesting level: a type longer than any real one is kept as written.
        guard written.count <= 200 else { return written }
        var parser = Parser(characters: Array(written), protocols: protocols)
        guard let name = parser.type(), parser.atEnd else { return written }
        return name
    }

    /// How to spell a registration under the key named `name`: `.type(P.self)` for `any P`,
    /// `.type(X.self)` otherwise.
    static func spelling(of name: String) -> String {
        if name.hasPrefix("any "), !name.contains("&") { return ".type(\(name.dropFirst(4)).self)" }
        return name.hasPrefix("any ") ? ".type((\(name)).self)" : ".type(\(name).self)"
    }

    private struct Parser {
        let characters: [Character]
        let protocols: Set<String>
        var index = 0

        var atEnd: Bool {
            mutating get {
                skipSpaces()
                return index == characters.count
            }
        }

        mutating func skipSpaces() {
            while index < characters.count, characters[index] == " " { index += 1 }
        }

        mutating func take(_ character: Character) -> Bool {
            skipSpaces()
            guard index < characters.count, characters[index] == character else { return false }
            index += 1
            return true
        }

        mutating func word() -> String? {
            skipSpaces()
            // A backticked name may hold spaces: `Spaced Impl`.
            if index < characters.count, characters[index] == "`",
                let close = characters[(index + 1)...].firstIndex(of: "`")
            {
                defer { index = close + 1 }
                return String(characters[(index + 1)..<close])
            }
            let start = index
            while index < characters.count,
                characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
            {
                index += 1
            }
            return index > start
                ? String(characters[start..<index]).replacingOccurrences(of: "`", with: "") : nil
        }

        /// A type, with its `?` suffixes; a protocol named without `any` is its existential.
        mutating func type() -> String? {
            let save = index
            if word() == "any" {
                var parts: [String] = []
                repeat {
                    guard let part = primary() else { return nil }
                    parts.append(part)
                } while take("&")
                return suffixed("any " + parts.joined(separator: " & "))
            }
            index = save
            guard var name = primary() else { return nil }
            if protocols.contains(name) { name = "any " + name }
            return suffixed(name)
        }

        /// `name` with each `?` after it as `Optional<…>`.
        mutating func suffixed(_ name: String) -> String {
            var result = name
            while take("?") || take("!") { result = "Optional<\(result)>" }
            return result
        }

        /// A named type (its last component, with generic arguments), an array or
        /// dictionary, or a parenthesized type; tuples and function types are not read.
        mutating func primary() -> String? {
            if take("(") {
                guard let inner = type(), take(")") else { return nil }
                skipSpaces()
                if index + 1 < characters.count, characters[index] == "-", characters[index + 1] == ">" {
                    return nil
                }
                return inner
            }
            if take("[") {
                guard let element = type() else { return nil }
                if take(":") {
                    guard let value = type(), take("]") else { return nil }
                    return "Dictionary<\(element), \(value)>"
                }
                return take("]") ? "Array<\(element)>" : nil
            }
            guard var name = word() else { return nil }
            while take(".") {
                guard let next = word() else { return nil }
                name = next
            }
            if take("<") {
                var arguments: [String] = []
                repeat {
                    guard let argument = type() else { return nil }
                    arguments.append(argument)
                } while take(",")
                guard take(">") else { return nil }
                name += "<\(arguments.joined(separator: ", "))>"
            }
            return name
        }
    }
}
