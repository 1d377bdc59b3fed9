import DCKitAppInterfaces
import Foundation

// kit-host --write-manifest LIBRARY   writes the manifest file install(in:) reads (a packaging step)
// kit-host PLUGIN-DIRECTORY           installs the plugins there and greets through them
let arguments = Array(CommandLine.arguments.dropFirst())
let container = Container()
// The interface types it shares with plugins (the protocols and value types plugins register,
// the element types of the points they contribute to): a plugin built with its own copy of
// any of them is refused, naming the registration.
let loader = PluginLoader(
    container: container, sharedInterfaces: [(any GreeterInject).self, ShareOption.self])

if arguments.first == "--write-manifest", arguments.count == 2 {
    switch loader.writeManifestFile(forLibraryAt: arguments[1]) {
    case .success(let path): print("kit: wrote \(path)")
    case .failure(let error):
        print("kit: \(error)")
        exit(1)
    }
    exit(0)
}

guard arguments.count == 1 else {
    print("usage: kit-host PLUGIN-DIRECTORY | kit-host --write-manifest LIBRARY")
    exit(2)
}
let report = loader.install(in: arguments[0])
for plugin in report.loaded {
    let name = plugin.manifest.name
    print("kit: installed \(name), library loaded: \(loader.isLibraryLoaded(pluginNamed: name))")
}
for failure in report.failures { print("kit: failed: \(failure)") }
for note in report.notes { print("kit: note: \(note)") }

// The first load of the greeter loads its plugin's library.
let greeting = container.load(.greeter)?.greet("kit") ?? "no greeter: the host greets plainly"
print("kit: \(greeting)")
// The first load of the share menu loads the libraries of the plugins that contribute to it.
print("kit: share menu: \(container.load(.shareMenu).map(\.title).joined(separator: ", "))")
for plugin in report.loaded {
    let name = plugin.manifest.name
    print("kit: \(name) library loaded: \(loader.isLibraryLoaded(pluginNamed: name))")
}
for failure in loader.firstLoadFailures { print("kit: first load failed: \(failure)") }
