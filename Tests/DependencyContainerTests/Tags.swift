import Testing

extension Tag {
    /// Suites whose threads race each other. CI runs them again in release builds under
    /// AddressSanitizer and ThreadSanitizer, where lifetime bugs that debug builds hide show;
    /// `.ci/check-sanitized-suites.swift` fails CI when a suite that starts threads lacks it.
    @Tag static var concurrency: Self
    /// Suites that check when services are freed, which the optimizer moves in release builds.
    @Tag static var lifetime: Self
    /// Suites that feed the container bad input, where a type confusion would corrupt memory.
    @Tag static var badInput: Self
}
