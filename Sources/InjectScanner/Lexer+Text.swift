/// The lexer's text transformations: line breaks read as one, and multi-line literals' values.
extension Lexer {
    /// `bytes` with every CRLF and every lone CR (old Mac line endings) turned into LF.
    ///
    /// Swift treats all three as line breaks, and a multi-line literal's value holds LF for
    /// each; reading them as one keeps line numbers, line comments and `#if` lines right.
    static func normalizingLineBreaks(_ bytes: [UInt8]) -> [UInt8] {
        let carriageReturn = UInt8(ascii: "\r")
        guard bytes.contains(carriageReturn) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == carriageReturn else {
                result.append(byte)
                continue
            }
            result.append(UInt8(ascii: "\n"))
            if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
        }
        return result
    }

    /// Removes a multi-line literal's first newline, last line and common indentation, and
    /// joins each line in `continued` (counted from the opening delimiter's line, 0) to the next.
    static func trimMultiline(_ literal: String, continued: Set<Int>) -> String {
        var lines = literal.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 2 else { return literal }
        lines.removeFirst()
        let indentation = lines.removeLast().count
        var result = ""
        for (offset, line) in lines.enumerated() {
            result += line.dropFirst(min(indentation, line.prefix { $0 == " " || $0 == "\t" }.count))
            // Line `offset` of the content is line `offset + 1` of the literal; the last
            // content line's break belongs to the closing delimiter's line, which was dropped.
            if offset < lines.count - 1, !continued.contains(offset + 1) { result += "\n" }
        }
        return result
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = {
            $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\u{0B}" || $0 == "\u{0C}"
        }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
            let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
