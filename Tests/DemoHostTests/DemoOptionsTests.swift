import DemoHostKit
import Testing

@Suite("Demo host command line")
struct DemoOptionsTests {
    @Test("No arguments: every feature")
    func defaults() throws {
        #expect(try DemoOptions(arguments: []) == DemoOptions())
    }

    @Test("--without is repeatable and accepts --without=NAME")
    func without() throws {
        let options = try DemoOptions(arguments: ["--without", "toast", "--without=player"])
        #expect(options.excludedFeatures == [.toast, .player])
    }

    @Test("--help asks for the usage")
    func help() throws {
        #expect(try DemoOptions(arguments: ["--help"]).showsHelp)
    }

    @Test(
        "Mistakes name the culprit",
        arguments: [
            (["--verbose"], DemoOptionsError.unknownOption("--verbose")),
            (["--without", "chat"], .unknownFeature("chat")),
            (["--without=chat"], .unknownFeature("chat")),
            (["--without"], .missingValue(option: "--without")),
        ])
    func mistakes(arguments: [String], expected: DemoOptionsError) {
        #expect(throws: expected) { try DemoOptions(arguments: arguments) }
        #expect(expected.description.hasPrefix("demo-host: "))
    }

    @Test("An unknown feature's message lists the known ones")
    func knownFeaturesListed() {
        #expect(
            DemoOptionsError.unknownFeature("chat").description
                == "demo-host: unknown feature 'chat' (known features: toast, player, analytics)")
        #expect(DemoOptionsError.exitStatus == 2)
    }
}
