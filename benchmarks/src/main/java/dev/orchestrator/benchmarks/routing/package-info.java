/**
 * The routing-quality benchmark (docs/benchmarks.md, issue #32): a simulated day of agent traffic
 * against ten loopback routes, served by the learning router, today's static plan and a
 * LiteLLM-style shuffle.
 */
package dev.orchestrator.benchmarks.routing;
