import DependencyContainer

/// A banner shown in the UI: a main-actor protocol, as UI protocols are in a Swift 6 app.
@MainActor
public protocol BannerInject: AnyObject {
    /// Shows `message`.
    func show(_ message: String)
    /// The messages shown so far.
    var shown: [String] { get }
}

extension InjectID where Service == any BannerInject {
    /// The banner's ID.
    public static var banner: Self { InjectID("BannerInjectID") }
}
