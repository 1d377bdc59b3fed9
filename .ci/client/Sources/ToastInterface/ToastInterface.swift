// The original README's core module, unchanged: an ID string and an inject protocol.
import Foundation

public let toastInjectID = "ToastInjectID"
public protocol ToastInject { func request(message: String, timeInterval: TimeInterval) }
