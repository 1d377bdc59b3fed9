import Testing

extension Tag {
    /// Suites whose tests race each other; see the tag of the same name in the core's tests.
    @Tag static var concurrency: Self
}
