import Foundation

/// The `inject-scan` command line, parsed; ``run()`` does the work and returns the exit status.
///
/// ```text
/// inject-scan lint --modules FILE [--format text|json|mermaid|dot] [--root DIR]
/// inject-scan generate --module NAME --output FILE SWIFT_FILE...
/// ```
public enum ScanCommand: Equatable, Sendable {
    /// Lint the modules described in a JSON file.
    case lint(modules: String, format: ReportFormat, root: String?)
    /// Write the registration entry of one module.
    case generate(module: String, output: String, files: [String])

    /// The usage text.
    public static let usage = """
        usage: inject-scan lint --modules FILE [--format text|json|mermaid|dot] [--root DIR]
               inject-scan generate --module NAME --output FILE SWIFT_FILE...

          lint       checks the IDs, providers and loads of the modules described in FILE
                     (JSON: {"modules": [{"name", "files", "dependencies"}]}); exits 1 on errors
          generate   writes the `NAME.register(into:)` entry for the providers in the files
          --root     shows paths relative to DIR
        """

    /// Parses `arguments`, the command line without the program name.
    ///
    /// - Parameter arguments: The arguments.
    /// - Throws: ``ScanError/usage(_:)`` naming what is wrong.
    public init(arguments: [String]) throws(ScanError) {
        var remaining = arguments[...]
        guard let verb = remaining.popFirst() else { throw .usage("missing command\n\n\(Self.usage)") }
        var options: [String: String] = [:]
        var files: [String] = []
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else {
                files.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let key = String(parts[0].dropFirst(2))
            guard ["modules", "format", "root", "module", "output"].contains(key) else {
                throw .usage("unknown option '\(parts[0])'\n\n\(Self.usage)")
            }
            guard let value = parts.count == 2 ? parts[1] : remaining.popFirst() else {
                throw .usage("\(parts[0]) needs a value")
            }
            options[key] = value
        }
        switch verb {
        case "lint":
            guard let modules = options["modules"] else { throw .usage("lint: --modules FILE is required") }
            let formatName = options["format"] ?? "text"
            guard let format = ReportFormat(rawValue: formatName) else {
                let known = ReportFormat.allCases.map(\.rawValue).joined(separator: "|")
                throw .usage("lint: unknown format '\(formatName)' (use \(known))")
            }
            guard files.isEmpty else { throw .usage("lint: unexpected argument '\(files[0])'") }
            self = .lint(modules: modules, format: format, root: options["root"])
        case "generate":
            guard let module = options["module"], let output = options["output"] else {
                throw .usage("generate: --module NAME and --output FILE are required")
            }
            guard module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                module.first?.isNumber == false
            else {
                throw .usage("generate: '\(module)' is not a Swift identifier")
            }
            self = .generate(module: module, output: output, files: files)
        default:
            throw .usage("unknown command '\(verb)'\n\n\(Self.usage)")
        }
    }

    /// Scans every file of a module.
    ///
    /// - Parameters:
    ///   - files: The Swift files.
    ///   - root: A directory to show paths relative to.
    ///   - module: The module the files are in, for their `#fileID` (`Module/File.swift`).
    /// - Returns: The facts of all the files.
    /// - Throws: ``ScanError/unreadable(path:reason:)`` for a file that cannot be read.
    public static func scan(files: [String], root: String? = nil, module: String? = nil) throws(ScanError)
        -> SourceFacts
    {
        var facts = SourceFacts()
        for file in files.sorted() {
            let source: String
            do {
                source = try String(contentsOfFile: file, encoding: .utf8)
            } catch {
                throw .unreadable(path: file, reason: error.localizedDescription)
            }
            let fileID = module.map { "\($0)/\(URL(fileURLWithPath: file).lastPathComponent)" }
            facts.merge(SourceScanner.scan(source, file: relative(file, to: root), fileID: fileID))
        }
        return facts
    }

    /// The `"…"` strings on a line of JSON, without their quotes.
    private static func quotedStrings(in line: Substring) -> [String] {
        line.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    private static func relative(_ path: String, to root: String?) -> String {
        guard let root else { return path }
        let base = URL(fileURLWithPath: root).standardizedFileURL.path
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        return full.hasPrefix(base + "/") ? String(full.dropFirst(base.count + 1)) : full
    }

    /// Runs the command, printing to standard output and errors to standard error.
    ///
    /// - Returns: The exit status: 0 when clean, 1 when the lint found errors.
    /// - Throws: ``ScanError`` for unreadable or malformed input.
    public func run() throws(ScanError) -> Int32 {
        switch self {
        case .lint(let path, let format, let root):
            let description = try ModuleDescription.load(from: path)
            let descriptionLines =
                (try? String(contentsOfFile: path, encoding: .utf8))?
                .split(separator: "\n", omittingEmptySubsequences: false) ?? []
            // Each module's line, found in one pass over the description rather than one per module.
            let names = Set(description.modules.map(\.name))
            var lines: [String: Int] = [:]
            for (offset, text) in descriptionLines.enumerated() where text.contains("\"name\"") {
                for name in Self.quotedStrings(in: text) where names.contains(name) && lines[name] == nil {
                    lines[name] = offset + 1
                }
            }
            var modules: [InjectLint.Module] = []
            for module in description.modules {
                modules.append(
                    InjectLint.Module(
                        name: module.name, dependencies: module.dependencies,
                        facts: try Self.scan(files: module.files, root: root, module: module.name),
                        location: lines[module.name].map {
                            SourceLocation(file: Self.relative(path, to: root), line: $0)
                        },
                        isTest: module.isTest))
            }
            let report = InjectLint.run(modules)
            print(format.render(report), terminator: "")
            return report.count(.error) > 0 ? 1 : 0
        case .generate(let module, let output, let files):
            let generator = RegistrationGenerator(moduleName: module, facts: try Self.scan(files: files))
            // A type marked as an override is left out on purpose: no warning.
            for (conformance, reason) in generator.skipped where !conformance.isOverride {
                FileHandle.standardError.write(
                    Data(
                        "\(conformance.location): warning: \(conformance.typeName) is not registered by \(module).register(into:): \(reason)\n"
                            .utf8))
            }
            do {
                try Data(generator.source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                throw .unwritable(path: output, reason: error.localizedDescription)
            }
            return 0
        }
    }
}
