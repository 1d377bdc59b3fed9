import DependencyContainer

/// Where features write what they do; the host decides where it goes.
public protocol AppLogInject: AnyObject {
    /// Writes one line.
    ///
    /// - Parameter line: The line, without a trailing newline.
    func write(_ line: String)
}

extension InjectID where Service == any AppLogInject {
    /// The app's log, registered by the host.
    public static var appLog: Self { InjectID("AppLogInjectID") }
}

/// The fallback log: standard output.
public final class PrintLog: AppLogInject {
    /// Creates a log that prints.
    public init() {}

    /// Prints `line`.
    public func write(_ line: String) {
        print(line)
    }
}
