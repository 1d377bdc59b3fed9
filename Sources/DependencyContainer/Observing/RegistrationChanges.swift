/// The changes of one ID or extension point of a container, as an asynchronous sequence.
///
/// It subscribes when made, buffering every change until iterated, ends when the container
/// goes, and stops observing when dropped or cancelled. Iterate it once. See
/// <doc:ObservingChanges>.
public struct RegistrationChanges<Change: Sendable>: AsyncSequence, Sendable {
    /// A change.
    public typealias Element = Change

    let stream: AsyncStream<Change>
    let token: ObservationToken

    /// Makes the iterator, which keeps the observation alive while it exists.
    public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator(), token: token) }

    /// Iterates the changes.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncStream<Change>.Iterator
        let token: ObservationToken

        /// The next change, or `nil` once the container is gone or the observation cancelled.
        public mutating func next() async -> Change? { await base.next() }
    }
}
