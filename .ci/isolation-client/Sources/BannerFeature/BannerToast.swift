import BannerInterface
import DependencyContainer

/// A view-like class: its initializer is main-actor isolated, as a UIKit view's is.
@MainActor
public final class BannerToast: BannerInject {
    /// The messages shown so far.
    public private(set) var shown: [String] = []

    /// Creates a banner; main-actor isolated, like every member of the class.
    public init() {}

    /// Shows `message`.
    public func show(_ message: String) {
        shown.append(message)
    }
}

extension Container {
    /// Registers the banner; `BannerToast()` compiles because the factory runs on the main actor.
    public func registerBanner() {
        registerOnMainActor(.banner, scope: .singleton) { BannerToast() }
    }
}
