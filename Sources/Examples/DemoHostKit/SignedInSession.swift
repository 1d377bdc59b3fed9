import DCExampleAppInterfaces

/// The host's own service: the signed-in user, registered at the composition root.
final class SignedInSession: UserSessionInject {
    let userName: String
    let isPremium: Bool

    init(userName: String, isPremium: Bool) {
        self.userName = userName
        self.isPremium = isPremium
    }
}
