import Foundation
import Testing

@testable import DependencyContainerInjectScanner

@Suite("Module description")
struct ModuleDescriptionTests {
    private func write(_ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("modules.json")
        try Data(text.utf8).write(to: file)
        return file.path
    }

    @Test("Relative file paths are resolved against the description's directory")
    func relativePaths() throws {
        let path = try write(
            #"{"modules": [{"name": "A", "files": ["Sources/A/a.swift", "/abs/b.swift"], "dependencies": []}]}"#
        )
        let description = try ModuleDescription.load(from: path)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        #expect(description.modules[0].files == ["\(directory)/Sources/A/a.swift", "/abs/b.swift"])
    }

    @Test("isTest marks test targets, is false when left out, and must be a Bool")
    func testTargets() throws {
        let path = try write(
            #"{"modules": [{"name": "A", "files": [], "dependencies": []}, "#
                + #"{"name": "ATests", "files": [], "dependencies": ["A"], "isTest": true}]}"#)
        #expect(try ModuleDescription.load(from: path).modules.map(\.isTest) == [false, true])
        let wrong = try write(
            #"{"modules": [{"name": "A", "files": [], "dependencies": [], "isTest": "yes"}]}"#)
        do {
            _ = try ModuleDescription.load(from: wrong)
            Issue.record("a string isTest was accepted")
        } catch {
            #expect(error.description.contains("at .modules[0].isTest"))
        }
    }

    @Test("A missing file is an error naming it")
    func missing() {
        #expect(throws: ScanError.self) { try ModuleDescription.load(from: "/nonexistent/modules.json") }
        do {
            _ = try ModuleDescription.load(from: "/nonexistent/modules.json")
        } catch {
            #expect(error.description.hasPrefix("cannot read '/nonexistent/modules.json'"))
        }
    }

    @Test("Malformed JSON and a missing key are errors naming the file and the key")
    func malformed() throws {
        let notJSON = try write("{modules: ")
        do {
            _ = try ModuleDescription.load(from: notJSON)
            Issue.record("expected an error")
        } catch {
            #expect(error == .malformedDescription(path: notJSON, reason: "the data is not JSON"))
        }
        let noFiles = try write(#"{"modules": [{"name": "A", "dependencies": []}]}"#)
        do {
            _ = try ModuleDescription.load(from: noFiles)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "'\(noFiles)' is not a valid module description: missing key 'files' at .modules[0]")
        }
    }
}
