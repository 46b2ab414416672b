/**
 * How many requests one orchestrator runs at once: {@link dev.orchestrator.engine.load.LoadLimit},
 * an adaptive limit that queues requests, in arrival order and within their deadline, only while
 * this process is too slow to read its own answers (docs/design.md §5, ADR 0058).
 */
package dev.orchestrator.engine.load;
