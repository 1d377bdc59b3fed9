import DependencyContainerInjectScanner
import Foundation

// Thin entry: the plugins run this tool; all logic is in DependencyContainerInjectScanner
// (Sources/InjectScanner), where it is tested.
do {
    let command = try ScanCommand(arguments: Array(CommandLine.arguments.dropFirst()))
    exit(try command.run())
} catch {
    FileHandle.standardError.write(Data("inject-scan: error: \(error)\n".utf8))
    exit(2)
}
