/**
 * The end-to-end load harness ({@link dev.orchestrator.benchmarks.load.LoadHarness}) and the fault
 * soak ({@link dev.orchestrator.benchmarks.load.FaultSoak}): a fast loopback upstream that can
 * inject faults, a raw {@code java.net.http} baseline, the in-process orchestrator, {@code serve}
 * and the Portkey gateway as targets. Everything listens and connects on 127.0.0.1 only, and every
 * loop is bounded in time or count. See {@code docs/benchmarks.md}.
 */
package dev.orchestrator.benchmarks.load;
