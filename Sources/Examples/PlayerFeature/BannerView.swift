import DCExampleAppInterfaces

/// A banner view: like a UIKit view, its initializer and members are main-actor isolated,
/// so only a main-actor factory can create it.
@MainActor
final class BannerView: BannerInject {
    private let log: any AppLogInject

    init(log: any AppLogInject) {
        self.log = log
    }

    func show(_ message: String) {
        log.write("banner (main actor): \"\(message)\"")
    }
}
