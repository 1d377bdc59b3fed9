import Foundation

/// Why `inject-scan` could not do its job, naming the culprit.
public enum ScanError: Error, Equatable, CustomStringConvertible {
    /// A file could not be read.
    case unreadable(path: String, reason: String)
    /// A file could not be written.
    case unwritable(path: String, reason: String)
    /// A module description is not valid JSON of the expected shape.
    case malformedDescription(path: String, reason: String)
    /// The command line is wrong.
    case usage(String)

    /// The message shown to the user.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read '\(path)': \(reason)"
        case .unwritable(let path, let reason):
            return "cannot write '\(path)': \(reason)"
        case .malformedDescription(let path, let reason):
            return "'\(path)' is not a valid module description: \(reason)"
        case .usage(let message):
            return message
        }
    }

    /// A one-line account of a `JSONDecoder` error, with the path to the bad value.
    static func describe(decodingError error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
                .joined()
            return keys.isEmpty ? "" : " at \(keys)"
        }
        switch error {
        case .dataCorrupted(let context):
            return "the data is not JSON\(path(context))"
        case .keyNotFound(let key, let context):
            return "missing key '\(key.stringValue)'\(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return
                "\(context.debugDescription.trimmingCharacters(in: .punctuationCharacters))\(path(context))"
        @unknown default:
            return "\(error)"
        }
    }
}
