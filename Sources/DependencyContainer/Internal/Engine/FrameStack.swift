import DependencyContainerKernel

/// The registrations whose factories are running on one thread, outermost first: the
/// thread's resolution stack, which cycle, depth and captive checks read.
///
/// It holds the registrations unretained. Each is pushed and popped by one factory run
/// (`runFactory`), whose caller holds the registration for the whole run, so an entry never
/// outlives its registration; holding them strongly would cost every factory run two atomic
/// reference-count changes for nothing.
///
/// A factory run pushes its registration before the factory starts and pops it, in a
/// `defer`, when the factory returns or throws.
///
/// - Complexity: O(1) to push, pop and read an entry.
struct FrameStack: RandomAccessCollection {
    private var entries: [Borrowed<Registration>] = []

    /// The position of the outermost factory's registration.
    var startIndex: Int { 0 }

    /// The position after the innermost factory's registration.
    var endIndex: Int { entries.count }

    /// The registration at `position`, counted from the outermost.
    ///
    /// - Parameter position: A valid position.
    subscript(position: Int) -> Registration {
        entries[position].retained
    }

    /// Adds `registration`, whose factory starts running, as the innermost frame.
    ///
    /// - Parameter registration: A registration its caller holds until the matching `pop()`.
    @inline(__always)
    mutating func push(_ registration: Registration) {
        entries.append(Borrowed(registration))
    }

    /// Removes the innermost frame, whose factory has returned.
    @inline(__always)
    mutating func pop() {
        entries.removeLast()
    }
}
