/// Summary statistics over repeated samples.
enum Statistics {
    /// The median: robust against the outliers a shared, noisy machine produces.
    static func median(_ values: [Double]) -> Double {
        precondition(!values.isEmpty, "median of no samples")
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The median of the per-round ratios `numerator[i] / denominator[i]`.
    ///
    /// Both were measured back to back in the same round, so a burst of load from another
    /// process slows both and mostly cancels out, unlike a ratio of two overall medians.
    static func medianRatio(_ numerator: [Double], _ denominator: [Double]) -> Double {
        median(zip(numerator, denominator).map { $0 / $1 })
    }
}
