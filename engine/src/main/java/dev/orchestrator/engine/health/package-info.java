/**
 * Route health: the {@link dev.orchestrator.engine.health.HealthStore} SPI (admission with an owned
 * half-open probe lease, outcome reports, cooldowns, account states, retirements, the retry budget)
 * and its in-memory implementation {@link dev.orchestrator.engine.health.RouteHealthRegistry},
 * shared by every request of one orchestrator (ADR 0007); and how late the process itself runs
 * ({@link dev.orchestrator.engine.health.Lateness}), which decides whether a time limit that fired
 * is evidence about its route at all (ADR 0056).
 */
package dev.orchestrator.engine.health;
