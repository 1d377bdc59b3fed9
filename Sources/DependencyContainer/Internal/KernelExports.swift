import DependencyContainerKernel

// The kernel's safe primitives under the names the package's other targets (the plugins, the
// Observation handle, the example app, the benchmark and the tests) have always used: they
// import only `DependencyContainer`, never the kernel, whose unsafe parts stay the core's.

/// A value guarded by a lock; see the kernel's `LockedValue`.
package typealias LockedValue<Value: Sendable> = DependencyContainerKernel.LockedValue<Value>

/// A 64-bit atomic integer; see the kernel's `AtomicCounter`.
package typealias AtomicCounter = DependencyContainerKernel.AtomicCounter

/// An atomic Boolean; see the kernel's `AtomicFlag`.
package typealias AtomicFlag = DependencyContainerKernel.AtomicFlag

/// The locks small objects share; see the kernel's `LockStripes`.
typealias LockStripes = DependencyContainerKernel.LockStripes
