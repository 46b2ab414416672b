/**
 * JMH micro-benchmarks: route planning, failure classification, the orchestrator's own overhead per
 * call, and the OpenAI wire mapping. Run on demand only ({@code scripts/bench.sh}); see {@code
 * docs/benchmarks.md} for the commands, the machine and the results.
 */
package dev.orchestrator.benchmarks;
