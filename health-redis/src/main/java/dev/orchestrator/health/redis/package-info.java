/**
 * Route health shared by a fleet of orchestrators on Redis (docs/design.md §11, ADR 0021): {@link
 * dev.orchestrator.health.redis.RedisHealthStore} implements the engine's {@code HealthStore} with
 * a local view kept current by pub/sub, one Lua script per state change, a fleet-wide probe lease
 * and a degraded mode on local health.
 */
package dev.orchestrator.health.redis;
