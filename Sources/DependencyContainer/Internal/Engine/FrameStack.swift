import DependencyContainerKernel

/// The registrations whose factories are running on one thread, outermost first: the
/// thread's resolution stack, which cycle, depth and captive checks read.
struct FrameStack: RandomAccessCollection {
    private var entries: [Borrowed<Registration>] = []

    /// The position of the outermost factory's registration.
    var startIndex: Int { 0 }

    /// The position after the innermost factory's registration.
    var endIndex: Int { entries.count }

    /// The registration at `position`, counted from the outermost.
    subscript(position: Int) -> Registration { entries[position].retained }

    /// Adds `registration`, whose factory starts running, as the innermost frame.
    @inline(__always)
    mutating func push(_ registration: Registration) { entries.append(Borrowed(registration)) }

    /// Removes the innermost frame, whose factory has returned.
    @inline(__always)
    mutating func pop() { entries.removeLast() }
}
