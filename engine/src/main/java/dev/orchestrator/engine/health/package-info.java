/**
 * Route health: per-route circuit breakers, cooldowns for account state and rate limits, and
 * remembered retirements, shared by every request of one orchestrator.
 */
package dev.orchestrator.engine.health;
