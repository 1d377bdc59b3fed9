import Testing

extension Tag {
    /// Suites whose threads race each other. CI runs them again in release builds under
    /// AddressSanitizer and ThreadSanitizer (`.ci/run`'s `sanitized_suites`).
    @Tag static var concurrency: Self
}
