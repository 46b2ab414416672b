/**
 * Route health: the {@link dev.orchestrator.engine.health.HealthStore} SPI (admission with an owned
 * half-open probe lease, outcome reports, cooldowns, account states, retirements, the retry budget)
 * and its in-memory implementation {@link dev.orchestrator.engine.health.RouteHealthRegistry},
 * shared by every request of one orchestrator (ADR 0007).
 */
package dev.orchestrator.engine.health;
