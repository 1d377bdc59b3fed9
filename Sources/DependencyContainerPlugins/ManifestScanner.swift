import DependencyContainer

/// Reads the manifests most plugins have, the way `JSONDecoder` reads them, without its
/// cost: installing reads one manifest file per plugin, and each load reads the manifest its
/// library's entry returns.
///
/// It reads a narrow subset of JSON and answers `nil` for anything outside it, which
/// ``PluginManifest/decoded(from:)`` then gives to `JSONDecoder`: so every manifest either
/// decodes as `JSONDecoder` decodes it or fails as it fails. The subset: one object with
/// each of the manifest's keys at most once and no other; strings of printable ASCII with
/// no escapes; `abiVersion` as digits without a sign, fraction or exponent; `contributions`
/// as an object of arrays of strings; `dependencies` as an empty object; no `null`.
struct ManifestScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The manifest `bytes` hold, or `nil` if they are outside the subset.
    static func manifest(in bytes: UnsafeBufferPointer<UInt8>) -> PluginManifest? {
        var scanner = ManifestScanner(bytes)
        return scanner.manifest()
    }

    private mutating func manifest() -> PluginManifest? {
        var name: String?
        var version: String?
        var abiVersion: Int?
        var providedIDs: [String]?
        var contributions: [String: [String]]?
        var dependencies: [String: [Dependency]]?
        guard take(UInt8(ascii: "{")) else { return nil }
        if !take(UInt8(ascii: "}")) {
            repeat {
                guard let key = string(), take(UInt8(ascii: ":")) else { return nil }
                switch key {
                case "name":
                    guard name == nil, let value = string() else { return nil }
                    name = value
                case "version":
                    guard version == nil, let value = string() else { return nil }
                    version = value
                case "abiVersion":
                    guard abiVersion == nil, let value = integer() else { return nil }
                    abiVersion = value
                case "providedIDs":
                    guard providedIDs == nil, let value = strings() else { return nil }
                    providedIDs = value
                case "contributions":
                    guard contributions == nil, let value = stringLists() else { return nil }
                    contributions = value
                case "dependencies":
                    guard dependencies == nil, take(UInt8(ascii: "{")), take(UInt8(ascii: "}")) else {
                        return nil
                    }
                    dependencies = [:]
                default:
                    return nil
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
        }
        skipWhitespace()
        guard index == bytes.count, let name, let version, let abiVersion, let providedIDs else {
            return nil
        }
        var manifest = PluginManifest(
            name: name, version: version, providedIDs: providedIDs, contributions: contributions ?? [:],
            dependencies: dependencies ?? [:])
        manifest.abiVersion = abiVersion
        return manifest
    }

    /// An array of strings.
    private mutating func strings() -> [String]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var values: [String] = []
        if take(UInt8(ascii: "]")) { return values }
        repeat {
            guard let value = string() else { return nil }
            values.append(value)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? values : nil
    }

    /// An object of arrays of strings, each key once.
    private mutating func stringLists() -> [String: [String]]? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var values: [String: [String]] = [:]
        if take(UInt8(ascii: "}")) { return values }
        repeat {
            guard let key = string(), values[key] == nil, take(UInt8(ascii: ":")), let value = strings()
            else {
                return nil
            }
            values[key] = value
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}")) ? values : nil
    }

    /// A string of printable ASCII without escapes.
    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let value = String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return value
            }
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        return nil
    }

    /// A non-negative integer of at most 18 digits, without a leading zero.
    private mutating func integer() -> Int? {
        skipWhitespace()
        let start = index
        var value = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            // 18 digits fit in an `Int`; a 19th may not.
            guard index - start < 18 else { return nil }
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        let count = index - start
        guard count > 0, count == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        // What follows the digits must end the number: `,`, `}` or whitespace.
        if index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\t"),
                UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                break
            default:
                return nil
            }
        }
        return value
    }

    /// Skips whitespace, then takes `byte` if it comes next.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
            default:
                return
            }
        }
    }
}
