import DCExampleDemoHostKit
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

@Suite("Demo host command")
struct DemoHostCommandTests {
    @Test("A usage error returns exit status 2; help returns 0")
    @MainActor
    func exitStatus() async {
        #expect(await DemoHostCommand.run(arguments: ["--bogus"], banner: "", linkedFeatures: [:]) == 2)
        #expect(
            await DemoHostCommand.run(arguments: ["--without", "chat"], banner: "", linkedFeatures: [:]) == 2)
        #expect(await DemoHostCommand.run(arguments: ["--help"], banner: "", linkedFeatures: [:]) == 0)
    }

    @Test("--plugins collects directories in order")
    func pluginDirectories() throws {
        let options = try DemoOptions(arguments: ["--plugins", "a", "--plugins=b"])
        #expect(options.pluginDirectories == ["a", "b"])
        #expect(throws: DemoOptionsError.missingValue(option: "--plugins")) {
            try DemoOptions(arguments: ["--plugins"])
        }
    }
}
